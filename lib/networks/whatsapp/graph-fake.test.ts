import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { addWhatsAppOwner, fakePhoneNumber } from "@/testing/whatsapp";

// The Graph fake's WhatsApp routes refuse what Meta refuses: unknown fields, unknown enum values,
// malformed objects (so a misspelled request can never pass a test and fail in production).

let fake: GraphFake;
let token: string;
const PHONE = "1069990000000001";
const WABA = "1059990000000001";

beforeAll(async () => {
  fake = await startGraphFake();
  fake.addApp("facebook", "wa-fake-app", "wa-fake-secret");
  addWhatsAppOwner(fake, {
    userId: "10169990",
    businessId: "1049990000000001",
    wabaId: WABA,
    numbers: [fakePhoneNumber(PHONE)],
  });
  token = fake.issueToken("facebook", "10169990", ["whatsapp_business_messaging"]);
});
afterAll(() => fake.close());

const post = async (path: string, body: Record<string, unknown>) => {
  const res = await fetch(`${fake.base("graph.facebook.com")}/v25.0/${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { error?: { message: string; code: number } } };
};
const message = (extra: Record<string, unknown>) =>
  post(`${PHONE}/messages`, {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: "4915112345678",
    ...extra,
  });

describe("Graph fake: WhatsApp Cloud API strictness", () => {
  it("refuses an unknown field inside a template object", async () => {
    const res = await message({ type: "template", template: { name: "x", language: { code: "en" }, lang: "en" } });
    expect(res.body.error).toMatchObject({ code: 100, message: expect.stringContaining("template['lang']") });
  });

  it("refuses an unknown template component type and parameter type", async () => {
    const component = await message({
      type: "template",
      template: { name: "x", language: { code: "en" }, components: [{ type: "title" }] },
    });
    expect(component.body.error?.message).toContain("['type'] must be one of");
    const parameter = await message({
      type: "template",
      template: { name: "x", language: { code: "en" }, components: [{ type: "body", parameters: [{ type: "txt" }] }] },
    });
    expect(parameter.body.error?.message).toContain("['type'] must be one of");
  });

  it("refuses four reply buttons and an unknown interactive type", async () => {
    fake.whatsapp.customerWrote("4915112345678");
    const buttons = Array.from({ length: 4 }, (_, i) => ({ type: "reply", reply: { id: `${i}`, title: `${i}` } }));
    const tooMany = await message({
      type: "interactive",
      interactive: { type: "button", body: { text: "?" }, action: { buttons } },
    });
    expect(tooMany.body.error?.message).toContain("1 to 3 buttons");
    const unknown = await message({ type: "interactive", interactive: { type: "carousel", action: {} } });
    expect(unknown.body.error?.message).toContain("interactive['type'] must be one of");
  });

  it("refuses a document with both id and link, and a contact without formatted_name", async () => {
    fake.whatsapp.customerWrote("4915112345678");
    const doc = await message({ type: "document", document: { id: "1", link: "https://a.example/x.pdf" } });
    expect(doc.body.error?.message).toContain("exactly one of id or link");
    const contact = await message({ type: "contacts", contacts: [{ name: { first_name: "Ada" } }] });
    expect(contact.body.error?.message).toContain("formatted_name");
  });

  it("refuses a typing indicator other than {type: text} and an unknown field beside a read receipt", async () => {
    const read = { messaging_product: "whatsapp", status: "read", message_id: "wamid.X1" };
    const voice = await post(`${PHONE}/messages`, { ...read, typing_indicator: { type: "voice" } });
    expect(voice.body.error?.message).toContain("typing_indicator['type'] must be one of {text}");
    const extra = await post(`${PHONE}/messages`, { ...read, typing_indicator: { type: "text", seconds: 5 } });
    expect(extra.body.error?.message).toContain("typing_indicator['seconds']");
    const unknown = await post(`${PHONE}/messages`, { ...read, to: "4915112345678" });
    expect(unknown.body.error?.message).toContain("Param to is not a valid parameter");
    expect((await post(`${PHONE}/messages`, { ...read, typing_indicator: { type: "text" } })).status).toBe(200);
  });

  it("refuses a reaction to something that is not a message id, or with an unknown field", async () => {
    fake.whatsapp.customerWrote("4915112345678");
    const notWamid = await message({ type: "reaction", reaction: { message_id: "42", emoji: "👍" } });
    expect(notWamid.body.error?.message).toContain("reaction['message_id'] must be a message id");
    const extra = await message({ type: "reaction", reaction: { message_id: "wamid.X2", emoji: "👍", size: 2 } });
    expect(extra.body.error?.message).toContain("reaction['size']");
    expect((await message({ type: "reaction", reaction: { message_id: "wamid.X2", emoji: "👍" } })).status).toBe(200);
  });

  it("refuses registration with an unknown field or a PIN that is not 6 digits", async () => {
    expect((await post(`${PHONE}/register`, { messaging_product: "whatsapp", pin: "123456", code: 1 })).status).toBe(
      400,
    );
    expect(
      (await post(`${PHONE}/register`, { messaging_product: "whatsapp", pin: "12345" })).body.error?.message,
    ).toContain("6-digit");
    expect((await post(`${PHONE}/register`, { messaging_product: "whatsapp", pin: "123456" })).status).toBe(200);
  });

  it("refuses a subscription with an override URL but no verify token", async () => {
    const res = await post(`${WABA}/subscribed_apps`, { override_callback_uri: "https://a.example/hook" });
    expect(res.body.error?.message).toContain("must be given together");
  });
});
