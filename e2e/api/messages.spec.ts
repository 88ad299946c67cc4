import { expect, test, type APIRequestContext } from "@playwright/test";
import { startReceiver } from "@/testing/webhook-receiver";
import { connectSandboxOAuth } from "../support/sandbox-connect";
import { auth, createTenant, type Tenant } from "../support/tenant";

// Direct messages through the running server (next start, with its in-process job runner) with a
// sandbox key: a chat with a simulated participant opens with their message, a send is published on the
// simulated network, the participant answers a moment later, and the answer reaches a webhook as
// message.received; the body tags rehearse a failure; simulated participants tap, react and leave the
// window, and the platform's rules answer as the real network's would.

let t: Tenant;
let groupId: string;
let telegramId: string;
const closers: (() => Promise<void>)[] = [];

const connect = async (request: APIRequestContext, data: Record<string, string>) => {
  const res = await request.post(`/api/profile_groups/${groupId}/initialize_connection`, {
    headers: auth(t.sandbox),
    data,
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { profile: { id: string } }).profile.id;
};

test.beforeAll(async ({ request }) => {
  t = createTenant();
  const group = await request.post("/api/profile_groups", {
    headers: auth(t.sandbox),
    data: { profile_group: { name: "Messages e2e" } },
  });
  groupId = ((await group.json()) as { id: string }).id;
  telegramId = await connect(request, { platform: "telegram", bot_token: "123456:ABCDEFGHIJKLMNOPQRSTUVWX" });
});
test.afterAll(() => Promise.all(closers.map((c) => c())));

type Message = {
  id: string;
  direction: string;
  status: string;
  body: string | null;
  external_id: string | null;
  error_details: { platform_error_code: string | null } | null;
};

test.describe("messages API", () => {
  test("open a chat, send, see it published, the simulated answer and a message.received webhook", async ({
    request,
  }) => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    expect(
      (
        await request.post("/api/webhooks", {
          headers: auth(t.sandbox),
          data: { url: receiver.url, events: ["message.received", "message.sent"] },
        })
      ).status(),
    ).toBe(201);

    const opened = await request.post(`/api/profiles/${telegramId}/chats`, {
      headers: auth(t.sandbox),
      data: { participant_external_id: "424242" },
    });
    expect(opened.status()).toBe(200);
    const chat = (await opened.json()) as { id: string; participant_external_id: string };
    expect(chat.participant_external_id).toBe("424242");
    const again = await request.post(`/api/profiles/${telegramId}/chats`, {
      headers: auth(t.sandbox),
      data: { participant_external_id: "424242" },
    });
    expect(((await again.json()) as { id: string }).id).toBe(chat.id);

    const thread = async () =>
      (await (await request.get(`/api/chats/${chat.id}/messages`, { headers: auth(t.sandbox) })).json())
        .data as Message[];
    expect((await thread()).map((m) => m.direction)).toEqual(["inbound"]); // the participant wrote first

    const sent = await request.post(`/api/chats/${chat.id}/messages`, {
      headers: auth(t.sandbox),
      data: { body: "Hello over HTTP" },
    });
    expect(sent.status()).toBe(202);
    const pending = (await sent.json()) as Message;
    expect(pending).toMatchObject({ status: "pending", direction: "outbound", body: "Hello over HTTP" });

    await expect
      .poll(
        async () =>
          ((await (await request.get(`/api/messages/${pending.id}`, { headers: auth(t.sandbox) })).json()) as Message)
            .status,
        { timeout: 20_000 },
      )
      .toBe("published");
    const published = (await (
      await request.get(`/api/messages/${pending.id}`, { headers: auth(t.sandbox) })
    ).json()) as Message;
    expect(published.external_id).toMatch(/^sbx_msg_/);

    await expect.poll(async () => (await thread()).length, { timeout: 20_000 }).toBe(3);
    const [answer] = await thread();
    expect(answer).toMatchObject({
      direction: "inbound",
      status: "received",
      body: 'Thanks for "Hello over HTTP"! (simulated answer)',
    });

    await expect
      .poll(
        () =>
          receiver.received
            .filter((r) => r.headers["x-service-event"] === "message.received")
            .map((r) => JSON.parse(r.rawBody).data.message.id as string),
        { timeout: 20_000 },
      )
      .toContain(answer!.id);
    expect(
      receiver.received
        .filter((r) => r.headers["x-service-event"] === "message.sent")
        .map((r) => JSON.parse(r.rawBody).data.message.id),
    ).toContain(pending.id);
  });

  test("#sandbox-fail fails the send with the network's error; mark_read and archive; another tenant's chat is 404", async ({
    request,
  }) => {
    const chat = (await (
      await request.post(`/api/profiles/${telegramId}/chats`, {
        headers: auth(t.sandbox),
        data: { participant_external_id: "515151" },
      })
    ).json()) as { id: string };
    const sent = (await (
      await request.post(`/api/chats/${chat.id}/messages`, {
        headers: auth(t.sandbox),
        data: { body: "Nope #sandbox-fail" },
      })
    ).json()) as Message;
    await expect
      .poll(
        async () =>
          ((await (await request.get(`/api/messages/${sent.id}`, { headers: auth(t.sandbox) })).json()) as Message)
            .status,
        { timeout: 20_000 },
      )
      .toBe("failed");
    const failed = (await (
      await request.get(`/api/messages/${sent.id}`, { headers: auth(t.sandbox) })
    ).json()) as Message;
    expect(failed.error_details?.platform_error_code).toBe("SANDBOX_REJECTED");
    const read = await request.post(`/api/chats/${chat.id}/mark_read`, { headers: auth(t.sandbox) });
    expect(read.status()).toBe(200);
    expect(((await read.json()) as { metadata: { read_at: string } }).metadata.read_at).toEqual(expect.any(String));
    expect(
      (
        (await (await request.post(`/api/chats/${chat.id}/archive`, { headers: auth(t.sandbox) })).json()) as {
          archived: boolean;
        }
      ).archived,
    ).toBe(true);
    expect(
      (
        (await (await request.delete(`/api/chats/${chat.id}/archive`, { headers: auth(t.sandbox) })).json()) as {
          archived: boolean;
        }
      ).archived,
    ).toBe(false);
    const other = createTenant();
    expect((await request.get(`/api/chats/${chat.id}`, { headers: auth(other.sandbox) })).status()).toBe(404);
  });

  test("simulated participants tap a quick reply, react (#sandbox-react) and leave the window (#sandbox-leave); the rules answer 422", async ({
    request,
  }) => {
    const instagramId = await connectSandboxOAuth(request, {
      token: t.sandbox,
      groupId,
      platform: "instagram",
      account: "Acme Sandbox IG",
    });
    const chat = (await (
      await request.post(`/api/profiles/${instagramId}/chats`, {
        headers: auth(t.sandbox),
        data: { participant_external_id: "17841400000000777" },
      })
    ).json()) as { id: string; within_messaging_window: boolean };
    expect(chat.within_messaging_window).toBe(true);
    const send = async (data: Record<string, unknown>) =>
      request.post(`/api/chats/${chat.id}/messages`, { headers: auth(t.sandbox), data });
    const thread = async () =>
      (await (await request.get(`/api/chats/${chat.id}/messages`, { headers: auth(t.sandbox) })).json())
        .data as (Message & {
        tapped_action: { kind: string; payload: string } | null;
        reactions: { reaction: string | null }[];
      })[];

    expect((await send({ body: "Pick one", quick_replies: [{ title: "Yes", payload: "YES" }] })).status()).toBe(202);
    await expect
      .poll(async () => (await thread()).find((m) => m.tapped_action)?.tapped_action, { timeout: 20_000 })
      .toEqual({ kind: "quick_reply", payload: "YES", title: "Yes" });

    const liked = (await (await send({ body: "Nice? #sandbox-react" })).json()) as Message;
    await expect
      .poll(async () => (await thread()).find((m) => m.id === liked.id)?.reactions, { timeout: 20_000 })
      .toEqual([expect.objectContaining({ reaction: "love" })]);
    const wrong = await request.post(`/api/messages/${liked.id}/react`, {
      headers: auth(t.sandbox),
      data: { reaction: "👍" },
    });
    expect(wrong.status()).toBe(422);

    expect((await send({ body: "Bye #sandbox-leave" })).status()).toBe(202);
    await expect
      .poll(
        async () =>
          (
            (await (await request.get(`/api/chats/${chat.id}`, { headers: auth(t.sandbox) })).json()) as {
              within_messaging_window: boolean;
            }
          ).within_messaging_window,
        { timeout: 20_000 },
      )
      .toBe(false);
    const outside = await send({ body: "Still there?" });
    expect(outside.status()).toBe(422);
    expect(JSON.stringify(await outside.json())).toContain("Outside the 24-hour messaging window");
  });
});
