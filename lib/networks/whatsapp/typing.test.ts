import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { timedFetch } from "@/lib/networks/http";
import { uniqueDigits } from "@/testing/comments";
import { addWhatsAppOwner, fakePhoneNumber } from "@/testing/whatsapp";
import { whatsappConnector } from ".";
import { whatsappTyping } from "./typing";

// The WhatsApp typing indicator against the Graph fake's Cloud API: the customer's last message marked
// read with typing_indicator {type: text}, from the chat's number.

let graph: GraphFake;
beforeAll(async () => {
  graph = await startGraphFake();
  graph.addApp("facebook", "wa-typing-app", "wa-typing-secret");
});
afterAll(() => graph.close());

const world = () => {
  const phoneId = uniqueDigits(15);
  const { userId } = addWhatsAppOwner(graph, {
    numbers: [fakePhoneNumber(phoneId, { display_phone_number: "+1 555-010-2031" })],
  });
  const ctx = {
    settings: whatsappConnector.settings.parse({
      client_id: "wa-typing-app",
      client_secret: "wa-typing-secret",
      config_id: "cfg-1",
      graph_url: graph.base("graph.facebook.com"),
    }),
    fetch: timedFetch(),
  };
  const input = {
    auth: {
      externalId: null,
      tokens: { accessToken: graph.issueToken("facebook", userId, ["whatsapp_business_messaging"]) },
      credentials: null,
      metadata: {},
    },
    placement: { externalId: phoneId, accessToken: null, metadata: {} },
    participantExternalId: "15551234567",
    conversationId: null,
  };
  return { phoneId, ctx, input };
};

describe("WhatsApp typing indicator", () => {
  it("marks the customer's last message read with typing_indicator text, from the chat's number", async () => {
    const { phoneId, ctx, input } = world();
    const typing = whatsappTyping(whatsappConnector);
    await typing.start(ctx, { ...input, lastInboundExternalId: "wamid.CUSTOMER1" });
    const [call] = graph.calls("graph.facebook.com", `${phoneId}/messages`);
    expect(call!.form).toEqual(
      expect.objectContaining({
        messaging_product: "whatsapp",
        status: "read",
        message_id: "wamid.CUSTOMER1",
        typing_indicator: JSON.stringify({ type: "text" }),
      }),
    );
    expect(typing.stop).toBeUndefined(); // the indicator ends by itself
  });

  it("refuses without a customer message to answer, before any call", async () => {
    const { phoneId, ctx, input } = world();
    await expect(
      whatsappTyping(whatsappConnector).start(ctx, { ...input, lastInboundExternalId: null }),
    ).rejects.toThrow("none in this chat yet");
    expect(graph.calls("graph.facebook.com", `${phoneId}/messages`)).toEqual([]);
  });
});
