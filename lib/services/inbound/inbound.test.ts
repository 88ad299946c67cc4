import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as metaRoute from "@/app/inbound/[platform]/route";
import * as profileRoute from "@/app/inbound/[platform]/[profileId]/route";
import * as postCommentsRoute from "@/app/api/posts/[id]/comments/route";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { deliverWebhookFn } from "@/inngest/functions/deliver-webhook";
import { fanOutEventFn } from "@/inngest/functions/fan-out-event";
import { processInboundFn } from "@/inngest/functions/process-inbound";
import { db } from "@/lib/db/client";
import { telegramConnector } from "@/lib/networks/telegram";
import {
  deauthorizeDelivery,
  instagramComment,
  metaJson,
  pageFeedComment,
  pageFeedReaction,
  signMeta,
  threadsReply,
} from "@/testing/fakes/meta-webhooks";
import { discussion } from "@/testing/fakes/telegram-updates";
import { startTelegramFake } from "@/testing/fakes/telegram";
import { callRoute } from "@/testing/call-route";
import { seedNetworkProfile, seedPublishedPost, uniqueDigits } from "@/testing/comments";
import { eventsOf, seedTenant, setEnv } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";
import { startReceiver } from "@/testing/webhook-receiver";
import { verifySignature } from "@/lib/services/webhooks/signature";
import { createWebhook } from "@/lib/services/webhooks/webhooks";
import { profileInboundSecret } from "./secrets";

// The inbound layer end to end: the receivers (app/inbound) as Next calls them, the stored delivery,
// its processing on the local runner, the comment through the API and comment.created as a signed
// webhook delivery.

const APP_SECRET = { facebook: "fb-app-secret", instagram: "ig-app-secret", threads: "th-app-secret" };

beforeAll(() =>
  setEnv({
    NETWORK_FACEBOOK_CLIENT_ID: "fb-app",
    NETWORK_FACEBOOK_CLIENT_SECRET: APP_SECRET.facebook,
    NETWORK_FACEBOOK_WEBHOOK_VERIFY_TOKEN: "fb-verify-token",
    NETWORK_INSTAGRAM_CLIENT_ID: "ig-app",
    NETWORK_INSTAGRAM_CLIENT_SECRET: APP_SECRET.instagram,
    NETWORK_THREADS_CLIENT_ID: "th-app",
    NETWORK_THREADS_CLIENT_SECRET: APP_SECRET.threads,
  }),
);

let runner: LocalRunner | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});
afterAll(async () => {
  await Promise.all(closers.map((c) => c()));
  await db.$disconnect();
});

const startRunner = async () => {
  runner = await startLocalRunner({
    functions: [processInboundFn, fanOutEventFn, deliverWebhookFn],
    clock: new ManualClock(new Date()),
    pollIntervalMs: 0,
  });
  return runner;
};

const post = async (path: string, { body, headers }: { body: string; headers: Record<string, string> }) => {
  const [, , platform, profileId] = path.split("/");
  const req = new Request(`http://localhost${path}`, { method: "POST", body, headers });
  const res = profileId
    ? await profileRoute.POST(req, { params: Promise.resolve({ platform: platform!, profileId }) })
    : await metaRoute.POST(req, { params: Promise.resolve({ platform: platform! }) });
  return { status: res.status, text: await res.text() };
};

const deliveriesMentioning = (text: string) => db.inboundDelivery.count({ where: { payload: { contains: text } } });

// A live facebook profile with one page and a published post on it, a webhook for its account, and an
// account key to read comments with.
const facebookTenant = async () => {
  const tenant = await seedTenant();
  const pageId = uniqueDigits(15);
  const profile = await seedNetworkProfile({ group: tenant.group, platform: "facebook" });
  const { post } = await seedPublishedPost({
    group: tenant.group,
    profile,
    externalId: `${pageId}_${uniqueDigits(15)}`,
    placementId: pageId,
  });
  const platformPost = await db.platformPost.findFirstOrThrow({ where: { postId: post.id } });
  const { token } = await seedKey({ accountId: tenant.account.id });
  return { ...tenant, pageId, profile, post, platformPost, token };
};

const listComments = async (t: { token: string; post: { id: string }; profile: { id: string } }) =>
  callRoute(postCommentsRoute.GET, {
    path: `/api/posts/${t.post.id}/comments?profile_id=${t.profile.id}`,
    token: t.token,
    params: { id: t.post.id },
  });

describe("Meta subscription handshake", () => {
  const handshake = async (platform: string, query: Record<string, string>) => {
    const res = await metaRoute.GET(new Request(`http://localhost/inbound/${platform}?${new URLSearchParams(query)}`), {
      params: Promise.resolve({ platform }),
    });
    return { status: res.status, text: await res.text() };
  };

  it("echoes hub.challenge only with the configured verify token", async () => {
    expect(
      await handshake("facebook", {
        "hub.mode": "subscribe",
        "hub.verify_token": "fb-verify-token",
        "hub.challenge": "1158201444",
      }),
    ).toEqual({ status: 200, text: "1158201444" });
    expect(
      (
        await handshake("facebook", {
          "hub.mode": "subscribe",
          "hub.verify_token": "wrong",
          "hub.challenge": "1158201444",
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await handshake("facebook", {
          "hub.mode": "unsubscribe",
          "hub.verify_token": "fb-verify-token",
          "hub.challenge": "1",
        })
      ).status,
    ).toBe(403);
    // instagram has no verify token configured here: nothing verifies
    expect(
      (await handshake("instagram", { "hub.mode": "subscribe", "hub.verify_token": "", "hub.challenge": "1" })).status,
    ).toBe(403);
  });

  it("networks that do not push to an app receiver answer 404", async () => {
    expect((await handshake("linkedin", { "hub.mode": "subscribe" })).status).toBe(404);
    expect((await handshake("telegram", { "hub.mode": "subscribe" })).status).toBe(404);
    expect((await post("/inbound/nonsense", signMeta(APP_SECRET.facebook, "{}"))).status).toBe(404);
  });
});

describe("Meta deliveries", () => {
  it("a signed page comment appears through the API and as one signed comment.created webhook", async () => {
    const t = await facebookTenant();
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const webhook = await createWebhook({
      principal: t.principal,
      input: { url: receiver.url, events: ["comment.created"] },
    });
    const commentId = `${t.platformPost.externalId!.split("_")[1]}_${uniqueDigits(15)}`;
    // non-ASCII text: Meta escapes it as \uXXXX, so the signature only matches the raw bytes
    const body = metaJson(
      pageFeedComment({
        pageId: t.pageId,
        postId: t.platformPost.externalId!,
        commentId,
        from: { id: "5551", name: "Zoë Müller" },
        message: "Großartig / 👍",
        photo: "https://scontent.example/p.jpg",
      }),
    );
    expect(body).toContain("\\u00eb");

    expect(await post("/inbound/facebook", signMeta(APP_SECRET.facebook, body))).toEqual({ status: 200, text: "OK" });
    expect(
      await db.inboundDelivery.findFirst({ where: { payload: body }, select: { status: true, platform: true } }),
    ).toEqual({ status: "received", platform: "facebook" });

    await (await startRunner()).drain();
    const { json } = await listComments(t);
    expect(json.total).toBe(1);
    const [comment] = json.data as Record<string, unknown>[];
    expect(comment).toMatchObject({
      external_id: commentId,
      body: "Großartig / 👍",
      status: "synced",
      author_external_id: "5551",
      parent_external_id: null,
      replies: [],
      attachments: [
        expect.objectContaining({ type: "image", url: "https://scontent.example/p.jpg", status: "pending" }),
      ],
    });
    expect(String(comment!.id)).toMatch(/^cmt_/);

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.headers["x-service-event"]).toBe("comment.created");
    expect(
      verifySignature({
        secret: webhook.secret,
        body: delivery!.rawBody,
        header: String(delivery!.headers["x-service-signature"]),
      }),
    ).toBe(true);
    const envelope = JSON.parse(delivery!.rawBody) as { type: string; data: Record<string, unknown> };
    expect(envelope.type).toBe("comment.created");
    expect(envelope.data).toMatchObject({
      id: comment!.id,
      post_id: t.post.id,
      platform_post_id: t.platformPost.id,
      platform: "facebook",
      external_id: commentId,
      author_name: "Zoë Müller",
      reply_count: 0,
    });
    expect(await db.inboundDelivery.findFirst({ where: { payload: body }, select: { status: true } })).toEqual({
      status: "processed",
    });
  });

  it("a bad or missing signature is refused and stores nothing", async () => {
    const t = await facebookTenant();
    const commentId = uniqueDigits(20);
    const body = metaJson(
      pageFeedComment({
        pageId: t.pageId,
        postId: t.platformPost.externalId!,
        commentId,
        from: { id: "1", name: "A" },
        message: "hi / ça va",
      }),
    );
    const signed = signMeta(APP_SECRET.facebook, body);

    expect((await post("/inbound/facebook", signMeta("another-app-secret", body))).status).toBe(403);
    expect((await post("/inbound/facebook", { body: body.replace("hi", "ho"), headers: signed.headers })).status).toBe(
      403,
    ); // tampered
    expect(
      (await post("/inbound/facebook", { body, headers: { ...signed.headers, "x-hub-signature-256": "sha1=abc" } }))
        .status,
    ).toBe(403);
    expect(
      (await post("/inbound/facebook", { body: JSON.stringify(JSON.parse(body)), headers: signed.headers })).status,
    ).toBe(403); // re-serialised
    const { "x-hub-signature-256": _omit, ...unsigned } = signed.headers;
    expect((await post("/inbound/facebook", { body, headers: unsigned })).status).toBe(401);
    // signed by facebook's app, sent to instagram's receiver
    expect((await post("/inbound/instagram", signed)).status).toBe(403);

    expect(await deliveriesMentioning(commentId)).toBe(0);
    await (await startRunner()).drain();
    expect((await listComments(t)).json.total).toBe(0);
  });

  it("redelivered and reordered pushes never duplicate a comment; replies hang under their root", async () => {
    const t = await facebookTenant();
    const postId = t.platformPost.externalId!;
    const [top, reply, replyToReply] = [uniqueDigits(16), uniqueDigits(16), uniqueDigits(16)];
    const at = (s: number) => new Date(Date.UTC(2026, 10, 1, 12, 0, s));
    const push = (c: Parameters<typeof pageFeedComment>[0]) =>
      post("/inbound/facebook", signMeta(APP_SECRET.facebook, metaJson(pageFeedComment(c))));
    const base = { pageId: t.pageId, postId, from: { id: "42", name: "Fan" } };

    // the deepest reply first, then the edit of the top comment before its creation, then everything again
    const deliveries = [
      { ...base, commentId: replyToReply, parentId: reply, message: "reply to reply", createdTime: at(3) },
      { ...base, commentId: top, message: "edited text", verb: "edited" as const, createdTime: at(1), sentAt: at(9) },
      { ...base, commentId: reply, parentId: top, message: "reply", createdTime: at(2) },
      { ...base, commentId: top, message: "original text", createdTime: at(1) },
    ];
    for (const d of [...deliveries, ...deliveries]) expect((await push(d)).status).toBe(200);
    await (await startRunner()).drain();

    const { json } = await listComments(t);
    expect(json.total).toBe(1);
    const [root] = json.data as {
      external_id: string;
      body: string;
      replies: { external_id: string; parent_external_id: string; created_at: string }[];
    }[];
    expect(root!.external_id).toBe(top);
    expect(root!.body).toBe("edited text"); // the older "add" did not overwrite the newer edit
    // both replies under the root whatever order they were processed in, by created_at (time received)
    expect(root!.replies.map((r) => [r.external_id, r.parent_external_id]).sort()).toEqual(
      [
        [reply, top],
        [replyToReply, reply],
      ].sort(),
    );
    expect(root!.replies.map((r) => r.created_at)).toEqual(root!.replies.map((r) => r.created_at).sort());
    expect(await db.comment.count({ where: { platformPostId: t.platformPost.id } })).toBe(3);
    expect((await eventsOf(t.account.id, "comment.created")).length).toBe(3);
  });

  it("pushes about other posts or that are not comments change nothing; an unreadable payload fails its delivery", async () => {
    const t = await facebookTenant();
    const foreignPage = uniqueDigits(15);
    const pushes = [
      pageFeedComment({
        pageId: foreignPage,
        postId: `${foreignPage}_1`,
        commentId: uniqueDigits(),
        from: { id: "1", name: "A" },
        message: "elsewhere",
      }),
      // our post's id, but claimed by another page: not ours
      pageFeedComment({
        pageId: foreignPage,
        postId: t.platformPost.externalId!,
        commentId: uniqueDigits(),
        from: { id: "1", name: "A" },
        message: "spoofed page",
      }),
      pageFeedReaction({ pageId: t.pageId, postId: t.platformPost.externalId!, from: { id: "1", name: "A" } }),
    ];
    for (const p of pushes)
      expect((await post("/inbound/facebook", signMeta(APP_SECRET.facebook, metaJson(p)))).status).toBe(200);
    const garbage = `{"object":"page","entry":"${uniqueDigits()}"}`;
    expect((await post("/inbound/facebook", signMeta(APP_SECRET.facebook, garbage))).status).toBe(200);
    await (await startRunner()).drain();

    expect((await listComments(t)).json.total).toBe(0);
    expect(await db.inboundDelivery.findFirst({ where: { payload: garbage }, select: { status: true } })).toEqual({
      status: "failed",
    });
    expect(await eventsOf(t.account.id, "comment.created")).toHaveLength(0);
  });

  it("instagram comments and threads replies land on their posts; a threads reply to a chain link is top-level there", async () => {
    const tenant = await seedTenant();
    const { token } = await seedKey({ accountId: tenant.account.id });
    const ig = await seedNetworkProfile({ group: tenant.group, platform: "instagram" });
    const igPost = await seedPublishedPost({ group: tenant.group, profile: ig, externalId: uniqueDigits(17) });
    const [c1, c2] = [uniqueDigits(17), uniqueDigits(17)];
    const igComment = (id: string, parentId?: string) =>
      post(
        "/inbound/instagram",
        signMeta(
          APP_SECRET.instagram,
          metaJson(
            instagramComment({
              igUserId: ig.externalId!,
              mediaId: igPost.platformPost.externalId!,
              commentId: id,
              parentId,
              from: { id: "77", username: "fan77" },
              text: `ig ${id}`,
            }),
          ),
        ),
      );
    expect((await igComment(c2, c1)).status).toBe(200);
    expect((await igComment(c1)).status).toBe(200);

    const th = await seedNetworkProfile({ group: tenant.group, platform: "threads" });
    const root = await seedPublishedPost({ group: tenant.group, profile: th, externalId: uniqueDigits(17) });
    const link = await seedPublishedPost({
      group: tenant.group,
      profile: th,
      externalId: uniqueDigits(17),
      parentId: root.post.id,
    });
    const replyToLink = uniqueDigits(17);
    const threads = (replyId: string, repliedToId: string) =>
      post(
        "/inbound/threads",
        signMeta(
          APP_SECRET.threads,
          metaJson(
            threadsReply({
              appId: "th-app",
              ownerId: th.externalId!,
              rootPostId: root.platformPost.externalId!,
              repliedToId,
              replyId,
              username: "fan",
              text: `th ${replyId}`,
            }),
          ),
        ),
      );
    expect((await threads(replyToLink, link.platformPost.externalId!)).status).toBe(200);
    // our own chain link comes back as a reply to the root: it is a post, not a comment
    expect((await threads(link.platformPost.externalId!, root.platformPost.externalId!)).status).toBe(200);
    await (await startRunner()).drain();

    const igList = await callRoute(postCommentsRoute.GET, {
      path: `/api/posts/${igPost.post.id}/comments?profile_id=${ig.id}`,
      token,
      params: { id: igPost.post.id },
    });
    expect(igList.json.data).toEqual([
      expect.objectContaining({
        external_id: c1,
        author_username: "fan77",
        platform_data: { field: "comments", media_product_type: "FEED" },
        replies: [expect.objectContaining({ external_id: c2, parent_external_id: c1 })],
      }),
    ]);
    const thList = await callRoute(postCommentsRoute.GET, {
      path: `/api/posts/${root.post.id}/comments?profile_id=${th.id}`,
      token,
      params: { id: root.post.id },
    });
    expect(thList.json.data).toEqual([
      expect.objectContaining({ external_id: replyToLink, parent_external_id: null, author_username: "fan" }),
    ]);
    expect(await db.comment.findFirstOrThrow({ where: { externalId: replyToLink } })).toMatchObject({
      postId: link.post.id,
      rootPostId: root.post.id,
    });
  });

  it("a deauthorize callback disconnects the user's profile (profile.disconnected, origin automated)", async () => {
    const t = await facebookTenant();
    const other = await facebookTenant();
    expect((await post("/inbound/facebook", deauthorizeDelivery("wrong-secret", t.profile.externalId!))).status).toBe(
      403,
    );
    expect(
      (await post("/inbound/facebook", deauthorizeDelivery(APP_SECRET.facebook, t.profile.externalId!))).status,
    ).toBe(200);
    await (await startRunner()).drain();

    expect(await db.profile.findUniqueOrThrow({ where: { id: t.profile.id }, select: { status: true } })).toEqual({
      status: "disconnected",
    });
    expect(await db.profile.findUniqueOrThrow({ where: { id: other.profile.id }, select: { status: true } })).toEqual({
      status: "active",
    });
    const events = await eventsOf(t.account.id, "profile.disconnected");
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ id: t.profile.id, status: "disconnected", origin: "automated" }),
    ]);
  });
});

describe("Meta deauthorize callbacks", () => {
  const statusOf = async (profileId: string) =>
    (await db.profile.findUniqueOrThrow({ where: { id: profileId }, select: { status: true } })).status;

  it("one issued before the profile's last connection (a 2023 callback) changes nothing", async () => {
    const t = await facebookTenant();
    const stale = deauthorizeDelivery(APP_SECRET.facebook, t.profile.externalId!, new Date("2023-03-01T10:00:00Z"));
    expect(await post("/inbound/facebook", stale)).toEqual({ status: 200, text: "OK" });
    await (await startRunner()).drain();

    expect(await statusOf(t.profile.id)).toBe("active");
    expect(await eventsOf(t.account.id, "profile.disconnected")).toHaveLength(0);
    expect(await db.inboundDelivery.findFirstOrThrow({ where: { payload: stale.body } })).toMatchObject({
      status: "processed",
      result: { stale: 1 },
    });
  });

  it("a replayed one changes nothing once the profile is connected again", async () => {
    const t = await facebookTenant();
    const issuedAt = new Date();
    const callback = deauthorizeDelivery(APP_SECRET.facebook, t.profile.externalId!, issuedAt);
    expect((await post("/inbound/facebook", callback)).status).toBe(200);
    await (await startRunner()).drain();
    await runner!.stop();
    expect(await statusOf(t.profile.id)).toBe("disconnected");

    // reconnected (save-connection.ts stamps connected_at), then the same signed_request again
    await db.profile.update({
      where: { id: t.profile.id },
      data: { status: "active", connectedAt: new Date(issuedAt.getTime() + 2000), disconnectedAt: null },
    });
    expect((await post("/inbound/facebook", callback)).status).toBe(200);
    await (await startRunner()).drain();

    expect(await statusOf(t.profile.id)).toBe("active");
    expect(await eventsOf(t.account.id, "profile.disconnected")).toHaveLength(1);
  });
});

describe("Telegram updates", () => {
  it("registers the per-profile receiver with its secret; discussion-group comments are not stored nor announced (the spec's table: telegram List no)", async () => {
    const fake = await startTelegramFake();
    closers.push(fake.close);
    const tenant = await seedTenant();
    const { token } = await seedKey({ accountId: tenant.account.id });
    const profile = await seedNetworkProfile({ group: tenant.group, platform: "telegram" });
    const channel = { id: -1001000000000 - Number(uniqueDigits(6)), type: "channel" as const, title: "News" };
    const group = {
      id: -1002000000000 - Number(uniqueDigits(6)),
      type: "supergroup" as const,
      title: "News chat",
      username: "newschat",
    };
    const channelMessageId = 41;
    const published = await seedPublishedPost({
      group: tenant.group,
      profile,
      externalId: `${channel.id}:${channelMessageId}`,
      placementId: String(channel.id),
    });

    const secret = profileInboundSecret(profile.id);
    const ctx = { settings: { api_url: fake.url }, fetch };
    await telegramConnector.inbound!.register!(ctx, {
      auth: { externalId: null, tokens: null, credentials: { bot_token: fake.token }, metadata: {} },
      url: `https://app.example/inbound/telegram/${profile.id}`,
      secret,
    });
    expect(fake.webhookUrl).toBe(`https://app.example/inbound/telegram/${profile.id}`);
    expect(fake.webhookSecret).toBe(secret);

    const chat = discussion({ channel, group });
    const alice = { id: 1001, is_bot: false as const, first_name: "Alice", username: "alice" };
    const bob = { id: 1002, is_bot: false as const, first_name: "Bob" };
    const comment = chat.comment(alice, "First!", channelMessageId);
    const reply = chat.reply(bob, "Welcome", comment);
    const deliver = (update: unknown, headers: Record<string, string>) =>
      post(`/inbound/telegram/${profile.id}`, {
        body: JSON.stringify(update),
        headers: { "content-type": "application/json", ...headers },
      });
    const withSecret = { "x-telegram-bot-api-secret-token": fake.webhookSecret };

    expect((await deliver(comment, { "x-telegram-bot-api-secret-token": "not-the-secret" })).status).toBe(403);
    expect((await deliver(comment, {})).status).toBe(401);
    expect(
      (await post(`/inbound/telegram/prof_${uniqueDigits(16)}`, { body: JSON.stringify(comment), headers: withSecret }))
        .status,
    ).toBe(403);
    expect(await deliveriesMentioning("First!")).toBe(0);

    for (const update of [chat.forward(channelMessageId), reply, comment, reply])
      expect((await deliver(update, withSecret)).status).toBe(200);
    const runner = await startRunner();
    await runner.drain();
    (runner.clock as ManualClock).advance("1m");
    await runner.drain();

    const list = await callRoute(postCommentsRoute.GET, {
      path: `/api/posts/${published.post.id}/comments?profile_id=${profile.id}`,
      token,
      params: { id: published.post.id },
    });
    // telegram is "List: no" in the spec's comment support table and not among the networks emitting
    // comment.created: the per-post list answers 405, and discussion-group replies are understood and ignored
    expect(list.status).toBe(405);
    expect(list.json).toEqual({ error: "Unsupported method for telegram" });
    expect(await db.comment.count({ where: { profileId: profile.id } })).toBe(0);
    expect(await eventsOf(tenant.account.id, "comment.created")).toHaveLength(0);
    expect(await db.inboundDelivery.count({ where: { profileId: profile.id, status: "received" } })).toBe(0);
  });

  it("the fake refuses a secret_token Telegram would refuse", async () => {
    const fake = await startTelegramFake();
    closers.push(fake.close);
    const ctx = { settings: { api_url: fake.url }, fetch };
    const auth = { externalId: null, tokens: null, credentials: { bot_token: fake.token }, metadata: {} };
    await expect(
      telegramConnector.inbound!.register!(ctx, {
        auth,
        url: "https://app.example/inbound/telegram/x",
        secret: "has spaces!",
      }),
    ).rejects.toThrow(/unallowed characters/);
    expect(fake.webhookUrl).toBe("");
  });
});
