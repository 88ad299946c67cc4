import { useOwnDatabase } from "@/testing/own-database";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { fakeLocation, startGoogleFake, type FakeGoogleUser, type GoogleFake } from "@/testing/fakes/google";
import { startLinkedInFake, type LinkedInFake } from "@/testing/fakes/linkedin";
import { startPinterestFake, type PinterestFake } from "@/testing/fakes/pinterest";
import { listen } from "@/testing/fakes/support";
import { startTelegramFake, type TelegramFake, type TgChat } from "@/testing/fakes/telegram";
import { startTikTokFake, type TikTokFake } from "@/testing/fakes/tiktok";
import { startXFake, type XFake } from "@/testing/fakes/x";
import { deliverWebhookFn } from "@/inngest/functions/deliver-webhook";
import { fanOutEventFn } from "@/inngest/functions/fan-out-event";
import { dispatchPostFn, processPostMediaFn, publishChainFn } from "@/inngest/functions/publish-posts";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import * as postRoute from "@/app/api/posts/[id]/route";
import * as postsRoute from "@/app/api/posts/route";
import { encryptSecret } from "@/lib/crypto";
import { db, type Prisma } from "@/lib/db/client";
import { newId, randomBase58 } from "@/lib/ids";
import { publicMediaUrl } from "@/lib/media/storage";
import { useBlueskyNetwork, type Account } from "@/lib/networks/bluesky/test-network";
import { FACEBOOK_SCOPES } from "@/lib/networks/facebook";
import { contextFor as googleContext, signIn as googleSignIn } from "@/lib/networks/google/test-support";
import { googleBusinessConnector } from "@/lib/networks/google_business";
import { INSTAGRAM_SCOPES } from "@/lib/networks/instagram";
import { THREADS_SCOPES } from "@/lib/networks/threads";
import type { NetworkConnector } from "@/lib/networks/types";
import { youtubeConnector } from "@/lib/networks/youtube";
import type { TPlatform } from "@/lib/schemas/common";
import { initializeConnection } from "@/lib/services/connections/initialize-connection";
import { verifySignature } from "@/lib/services/webhooks/signature";
import { createWebhook } from "@/lib/services/webhooks/webhooks";
import { callRoute } from "@/testing/call-route";
import { seedTenant, setEnv, type Tenant } from "@/testing/network-tests";
import { MP4_BYTES } from "@/testing/publish-media";
import { seedKey } from "@/testing/seed";
import { startReceiver } from "@/testing/webhook-receiver";

// Networks fetch media from this origin; set before anything reads (and caches) the environment.
process.env.MEDIA_PUBLIC_URL = "https://media.acme-bakery.example";
await useOwnDatabase("posts");

// Issue #5, "done when": a post to every publishing network, through the API, the local runner and
// each network's real connector, against the local fakes (Bluesky: a real AT Protocol PDS from
// @atproto/dev-env), reaches `published` everywhere, with the spec's events and signed webhooks.
//
// Two posts, because the networks' rules allow no fewer: YouTube takes exactly one video and nothing
// else, and Google Business Profile takes no video on any format. Everything else, TikTok included
// (a photo post: JPG images only), takes the same JPEG, so one post goes to ten networks and a second
// one, with a video, to YouTube.

type Json = Record<string, any>;
type Media = "image" | "video";
// A profile as the connection flow would have stored it, for networks connected by OAuth in real life.
type Seed = {
  externalId: string;
  accessToken?: string;
  refreshToken?: string | null;
  tokenExpiresAt?: Date | null;
  credentials?: Record<string, string>;
  metadata?: Record<string, unknown>;
  placement?: { externalId: string; name: string; accessToken?: string; metadata?: Record<string, unknown> };
};
type Network = {
  media: Media; // which of the two posts it is in
  seed: () => Promise<Seed | "connected">; // "connected": through the product's own connection flow
  params?: Record<string, unknown>; // platforms.<network> of the post
  // The text the network holds for a published id (caption, description, summary…), or undefined.
  stored: (externalId: string) => Promise<string | undefined> | string | undefined;
};

const bluesky = useBlueskyNetwork({ label: "all networks" });

let graph: GraphFake;
let google: GoogleFake;
let linkedin: LinkedInFake;
let pinterest: PinterestFake;
let telegram: TelegramFake;
let tiktok: TikTokFake;
let x: XFake;
let files: Awaited<ReturnType<typeof listen>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let runner: LocalRunner | undefined;
let tenant: Tenant;
let blueskyAccount: Account;
let channel: TgChat; // the Telegram channel the bot administers

const FB = { user: "10150001", page: "20001", appId: "1000000000001" };
const IG = { appScopedId: "app-scoped-501", userId: "17841400000000501", appId: "2000000000002" };
const TH = { userId: "9001", appId: "3000000000003" };
const BOARD = "1000001";
const LOCATION = "accounts/9001/locations/7001";

// A Google account signed in through the fake's consent screen and code exchange.
const googleToken = async <S>(
  connector: NetworkConnector<S>,
  platform: "youtube" | "google_business",
  user: FakeGoogleUser,
) => {
  const auth = await googleSignIn(
    connector,
    googleContext(connector, google, platform).ctx,
    google,
    google.addUser(user),
  );
  return {
    accessToken: auth.tokens!.accessToken,
    refreshToken: auth.tokens!.refreshToken ?? null,
    tokenExpiresAt: auth.tokens!.expiresAt ?? null,
  };
};

// One row per network: how its profile is connected, the post parameters it needs, where the fake
// keeps what was published.
const NETWORKS: Record<Exclude<TPlatform, "whatsapp">, Network> = {
  facebook: {
    media: "image",
    seed: async () => ({
      externalId: FB.user,
      accessToken: graph.issueToken("facebook", FB.user, FACEBOOK_SCOPES),
      placement: {
        externalId: FB.page,
        name: "Acme Bakery",
        accessToken: graph.pageToken(FB.user, FB.page, FACEBOOK_SCOPES),
        metadata: { category: "Bakery" },
      },
    }),
    params: { page_id: FB.page },
    stored: (id) => graph.content.facebook.get(id)?.message,
  },
  instagram: {
    media: "image",
    seed: async () => ({
      externalId: IG.userId,
      accessToken: graph.issueToken("instagram", IG.appScopedId, INSTAGRAM_SCOPES),
    }),
    params: { format: "post" },
    stored: (id) => graph.publishedMedia("instagram").find((m) => m.id === id)?.text,
  },
  threads: {
    media: "image",
    seed: async () => ({ externalId: TH.userId, accessToken: graph.issueToken("threads", TH.userId, THREADS_SCOPES) }),
    stored: (id) => graph.publishedMedia("threads").find((m) => m.id === id)?.text,
  },
  tiktok: {
    media: "image",
    seed: async () => ({
      externalId: tiktok.user.open_id,
      accessToken: tiktok.grant(),
      metadata: { union_id: tiktok.user.union_id, connected_at: new Date().toISOString() },
    }),
    params: { format: "image", privacy_status: "PUBLIC_TO_EVERYONE" },
    stored: (id) => tiktok.publishing.videos.find((v) => v.id === id)?.title,
  },
  linkedin: {
    media: "image",
    seed: async () => ({
      externalId: linkedin.member.sub,
      accessToken: linkedin.grant(),
      metadata: { person_urn: `urn:li:person:${linkedin.member.sub}` },
    }),
    stored: (id) => linkedin.publishing.posts.find((p) => p.id === id)?.text,
  },
  twitter: {
    media: "image",
    seed: async () => ({ externalId: x.user.id, accessToken: x.issueToken(), metadata: { subscription_type: "None" } }),
    stored: (id) => x.posts.tweets.find((t) => t.id === id)?.request.text as string | undefined,
  },
  pinterest: {
    media: "image",
    seed: async () => ({
      externalId: pinterest.account.id,
      accessToken: pinterest.grant(),
      placement: { externalId: BOARD, name: "Recipes", metadata: { privacy: "PUBLIC" } },
    }),
    params: { board_id: BOARD, title: "Spring menu" },
    stored: (id) => pinterest.publishing.pins.find((p) => p.id === id)?.description ?? undefined,
  },
  bluesky: {
    media: "image",
    seed: async () => {
      const account = await bluesky.createAccount({ displayName: "Acme Bakery" });
      blueskyAccount = account;
      const { password } = await bluesky.xrpc<{ password: string }>("com.atproto.server.createAppPassword", {
        token: account.accessJwt,
        body: { name: "social-publisher" },
      });
      await initializeConnection({
        principal: tenant.principal,
        groupId: tenant.group.id,
        input: { platform: "bluesky", identifier: account.handle, app_password: password },
      });
      return "connected";
    },
    stored: async (id) => {
      const records = await bluesky.listRecords(blueskyAccount, "app.bsky.feed.post");
      return records.find((r) => r.uri === id)?.value.text as string | undefined;
    },
  },
  telegram: {
    media: "image",
    seed: async () => {
      channel = telegram.createChannel({ title: "Acme News", username: "acmenews" });
      telegram.makeBotAdmin(channel.id);
      return {
        externalId: String(telegram.bot.id),
        credentials: { bot_token: telegram.token },
        placement: {
          externalId: String(channel.id),
          name: "Acme News",
          metadata: { type: "channel", username: "acmenews" },
        },
      };
    },
    get params() {
      return { chat_id: String(channel.id) }; // the channel the seed made the bot an administrator of
    },
    stored: (id) => {
      const [chat, message] = id.split(":").map(Number);
      return telegram.messages.find((m) => m.chat_id === chat && m.message_id === message)?.caption;
    },
  },
  google_business: {
    media: "image",
    seed: async () => ({
      externalId: "gbp-owner",
      ...(await googleToken(googleBusinessConnector, "google_business", {
        sub: "gbp-owner",
        email: "owner@acme.example",
        name: "Acme Owner",
        accounts: [
          {
            name: "accounts/9001",
            accountName: "Acme",
            type: "LOCATION_GROUP",
            locations: [fakeLocation("7001", "Acme Bakery")],
          },
        ],
      })),
      placement: { externalId: LOCATION, name: "Acme Bakery" },
    }),
    params: { location_id: LOCATION },
    stored: (id) => google.business.posts.get(LOCATION)?.find((p) => p.name === id)?.summary,
  },
  youtube: {
    media: "video",
    seed: async () => ({
      externalId: "UCacmebakeryxxxxxxxxxxxx",
      ...(await googleToken(youtubeConnector, "youtube", {
        sub: "yt-owner",
        email: "video@acme.example",
        name: "Acme Video",
        channel: { id: "UCacmebakeryxxxxxxxxxxxx", title: "Acme Bakery" },
      })),
    }),
    params: { title: "Spring menu tour", privacy_status: "public" },
    stored: (id) => google.youtube.videos.get(id)?.snippet.description,
  },
};
const PLATFORMS = Object.keys(NETWORKS) as (keyof typeof NETWORKS)[];
const on = (media: Media) => PLATFORMS.filter((p) => NETWORKS[p].media === media);

const seedProfile = async (platform: keyof typeof NETWORKS) => {
  const seed = await NETWORKS[platform].seed();
  if (seed === "connected") return;
  const { externalId, accessToken, refreshToken, tokenExpiresAt, credentials, metadata, placement } = seed;
  await db.profile.create({
    data: {
      id: newId("profile"),
      accountId: tenant.account.id,
      environment: "live",
      profileGroupId: tenant.group.id,
      platform,
      name: `Acme on ${platform}`,
      externalId,
      accessToken: accessToken ? encryptSecret(accessToken) : null,
      refreshToken: refreshToken ? encryptSecret(refreshToken) : null,
      tokenExpiresAt: tokenExpiresAt ?? null,
      credentials: credentials ? encryptSecret(JSON.stringify(credentials)) : null,
      metadata: (metadata ?? {}) as Prisma.InputJsonObject,
      ...(placement && {
        placements: {
          create: {
            id: newId("placement"),
            externalId: placement.externalId,
            name: placement.name,
            accessToken: placement.accessToken ? encryptSecret(placement.accessToken) : null,
            metadata: (placement.metadata ?? {}) as Prisma.InputJsonObject,
          },
        },
      }),
    },
  });
};

// Where the networks fetch our media from (a CDN in front of /media): a public origin, as Telegram,
// Meta, Pinterest, TikTok and Google need (they download it themselves; the fakes only check the URL).
const MEDIA_PUBLIC_URL = "https://media.acme-bakery.example";

beforeAll(async () => {
  const restoreMediaUrl = setEnv({ MEDIA_PUBLIC_URL }); // before anything reads (and caches) the environment
  [graph, google, linkedin, pinterest, telegram, tiktok, x] = await Promise.all([
    startGraphFake(),
    startGoogleFake(),
    startLinkedInFake(),
    startPinterestFake(),
    startTelegramFake(),
    startTikTokFake(),
    startXFake(),
  ]);
  graph.addApp("facebook", FB.appId, "fb-secret");
  graph.addApp("instagram", IG.appId, "ig-secret");
  graph.addApp("threads", TH.appId, "th-secret");
  graph.addFacebookUser({
    id: FB.user,
    name: "Ada",
    pages: [{ id: FB.page, name: "Acme Bakery", category: "Bakery" }],
  });
  graph.addInstagramUser({ id: IG.appScopedId, user_id: IG.userId, username: "acme.bakery" });
  graph.addThreadsUser({ id: TH.userId, username: "acme.bakery" });
  pinterest.boards = [{ id: BOARD, name: "Recipes", description: "", privacy: "PUBLIC" }];
  // TikTok pulls photos from URLs only, and only from prefixes verified in its developer portal: ours.
  expect(publicMediaUrl("")).toBe(`${MEDIA_PUBLIC_URL}/media/`);
  tiktok.publishing.verifiedUrlPrefixes.push(publicMediaUrl(""));

  // Big enough for every network's minimum: 640x640 pixels, padded past Google's 10 KB with a JPEG comment
  // segment (FF FE, its length, filler) right after the start-of-image marker.
  const jpeg = readFileSync(path.join(import.meta.dirname, "../../media/fixtures/640x640.jpg"));
  const comment = Buffer.alloc(4 + 12 * 1024, 0x20);
  comment.writeUInt16BE(0xfffe, 0);
  comment.writeUInt16BE(comment.length - 2, 2);
  const photo = Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)]);
  files = await listen((req, res) => {
    const file = {
      "/spring.jpg": { type: "image/jpeg", bytes: photo },
      "/tour.mp4": { type: "video/mp4", bytes: Buffer.from(MP4_BYTES) },
    }[req.url ?? ""];
    res.writeHead(file ? 200 : 404, file ? { "content-type": file.type } : {});
    res.end(file?.bytes);
  });
  receiver = await startReceiver();

  const restoreNetworks = setEnv({
    NETWORK_FACEBOOK_CLIENT_ID: FB.appId,
    NETWORK_FACEBOOK_CLIENT_SECRET: "fb-secret",
    NETWORK_FACEBOOK_AUTH_URL: graph.base("www.facebook.com"),
    NETWORK_FACEBOOK_GRAPH_URL: graph.base("graph.facebook.com"),
    NETWORK_FACEBOOK_VIDEO_URL: graph.base("graph-video.facebook.com"),
    NETWORK_FACEBOOK_RUPLOAD_URL: graph.base("rupload.facebook.com"),
    NETWORK_INSTAGRAM_CLIENT_ID: IG.appId,
    NETWORK_INSTAGRAM_CLIENT_SECRET: "ig-secret",
    NETWORK_INSTAGRAM_AUTH_URL: graph.base("www.instagram.com"),
    NETWORK_INSTAGRAM_API_URL: graph.base("api.instagram.com"),
    NETWORK_INSTAGRAM_GRAPH_URL: graph.base("graph.instagram.com"),
    NETWORK_THREADS_CLIENT_ID: TH.appId,
    NETWORK_THREADS_CLIENT_SECRET: "th-secret",
    NETWORK_THREADS_AUTH_URL: graph.base("threads.com"),
    NETWORK_THREADS_GRAPH_URL: graph.base("graph.threads.com"),
    NETWORK_TIKTOK_CLIENT_KEY: tiktok.clientKey,
    NETWORK_TIKTOK_CLIENT_SECRET: tiktok.clientSecret,
    NETWORK_TIKTOK_WEB_URL: tiktok.url,
    NETWORK_TIKTOK_API_URL: tiktok.url,
    NETWORK_LINKEDIN_CLIENT_ID: linkedin.clientId,
    NETWORK_LINKEDIN_CLIENT_SECRET: linkedin.clientSecret,
    NETWORK_LINKEDIN_WEB_URL: linkedin.url,
    NETWORK_LINKEDIN_API_URL: linkedin.url,
    NETWORK_PINTEREST_CLIENT_ID: pinterest.clientId,
    NETWORK_PINTEREST_CLIENT_SECRET: pinterest.clientSecret,
    NETWORK_PINTEREST_WEB_URL: pinterest.url,
    NETWORK_PINTEREST_API_URL: pinterest.url,
    NETWORK_TWITTER_WEB_URL: x.url,
    NETWORK_TWITTER_API_URL: x.url,
    NETWORK_TELEGRAM_API_URL: telegram.url,
    ...google.env("youtube"),
    ...google.env("google_business"),
    // NETWORK_BLUESKY_SERVICE_URL: set by useBlueskyNetwork
  });
  return () => {
    restoreNetworks();
    restoreMediaUrl();
  };
}, 120_000);
afterAll(async () => {
  await runner?.stop();
  await Promise.all([graph, google, linkedin, pinterest, telegram, tiktok, x, files, receiver].map((s) => s?.close()));
  await db.$disconnect();
});

describe("one post to every network", () => {
  it("publishes to all 11 networks: published everywhere, on the networks, with events and signed webhooks", async () => {
    tenant = await seedTenant();
    const { token } = await seedKey({ accountId: tenant.account.id });
    const webhook = await createWebhook({ principal: tenant.principal, input: { url: receiver.url, events: ["*"] } });
    for (const platform of PLATFORMS) await seedProfile(platform);
    const profiles = await db.profile.findMany({ where: { profileGroupId: tenant.group.id } });
    expect(profiles.map((p) => p.platform).sort()).toEqual([...PLATFORMS].sort());

    // The two posts, through the API.
    const tag = randomBase58(6);
    const mediaUrl = (file: string) => `${files.url.replace("127.0.0.1", "localhost")}/${file}`;
    const create = async (media: Media, body: string, file: string) => {
      const platforms = on(media);
      const res = await callRoute(postsRoute.POST, {
        path: "/api/posts",
        token,
        body: {
          post: { body },
          profiles: platforms,
          media: [mediaUrl(file)],
          platforms: Object.fromEntries(
            platforms.flatMap((p) => (NETWORKS[p].params ? [[p, NETWORKS[p].params]] : [])),
          ),
        },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json).toMatchObject({ status: "pending" });
      return {
        id: res.json.id as string,
        body,
        platforms,
        contentType: media === "image" ? "image/jpeg" : "video/mp4",
      };
    };
    const posts = [
      await create("image", `Spring menu ${tag}: lemon tart and cold brew, from today`, "spring.jpg"),
      await create("video", `A tour of the spring menu ${tag}, filmed in our kitchen`, "tour.mp4"),
    ];
    expect(posts.flatMap((p) => p.platforms).sort()).toEqual([...PLATFORMS].sort());

    runner = await startLocalRunner({
      functions: [processPostMediaFn, dispatchPostFn, publishChainFn, fanOutEventFn, deliverWebhookFn],
      clock: new ManualClock(new Date()),
      pollIntervalMs: 0,
    });
    await runner.drain();

    const published: Json[] = [];
    for (const post of posts) {
      // Every platform post published, with an id the network really holds (carrying the post's text).
      const rows = await db.platformPost.findMany({ where: { rootPostId: post.id }, include: { profile: true } });
      expect(rows.map((r) => [r.platform, r.status, r.error])).toEqual(
        expect.arrayContaining(post.platforms.map((p) => [p, "published", null])),
      );
      expect(rows).toHaveLength(post.platforms.length);
      for (const row of rows) {
        expect(row, row.platform).toMatchObject({ attempts: 1, sendingSince: null, externalId: expect.any(String) });
        expect(
          await NETWORKS[row.platform as keyof typeof NETWORKS].stored(row.externalId!),
          `${row.platform} holds ${row.externalId}`,
        ).toContain(post.body);
      }
      expect((await db.post.findUniqueOrThrow({ where: { id: post.id } })).status).toBe("processed");
      expect(
        await db.postMedia.findMany({ where: { postId: post.id }, select: { status: true, contentType: true } }),
      ).toEqual([{ status: "processed", contentType: post.contentType }]);

      // The spec's events: one post.processed, one platform_post.published per network.
      const events = (await db.event.findMany({ where: { accountId: tenant.account.id } })).filter((e) =>
        [(e.data as Json).id, (e.data as Json).post_id].includes(post.id),
      );
      expect(events.filter((e) => e.type === "post.processed")).toHaveLength(1);
      const publishedEvents = events.filter((e) => e.type === "platform_post.published");
      expect(publishedEvents.map((e) => (e.data as Json).platform).sort()).toEqual([...post.platforms].sort());
      expect(
        events.map((e) => e.type).filter((t) => t !== "post.processed" && t !== "platform_post.published"),
      ).toEqual([]);
      for (const row of rows) {
        expect(publishedEvents.find((e) => (e.data as Json).id === row.id)!.data).toEqual({
          id: row.id,
          post_id: post.id,
          platform: row.platform,
          profile_id: row.profileId,
          profile_name: row.profile.name,
          status: "published",
          error: null,
          error_details: null,
          platform_id: row.externalId,
        });
      }
      published.push(...publishedEvents);

      // GET /api/posts/:id: every network published, with its id and permalink.
      const view = await callRoute(postRoute.GET, { path: `/api/posts/${post.id}`, token, params: { id: post.id } });
      expect(view.status).toBe(200);
      expect(view.json.status).toBe("processed");
      const platforms = view.json.platforms as Json[];
      expect(platforms.map((p) => p.platform).sort()).toEqual([...post.platforms].sort());
      for (const p of platforms) {
        const row = rows.find((r) => r.id === p.id)!;
        expect(p, p.platform).toMatchObject({
          status: "published",
          error: null,
          platform_id: row.externalId,
          url: expect.stringMatching(/^https:\/\//),
        });
      }
    }
    expect(published).toHaveLength(11);

    // Webhooks: every event the account recorded reached the receiver once, signed with the webhook's secret.
    const recorded = await db.event.findMany({ where: { accountId: tenant.account.id } });
    const tally = (types: string[]) =>
      Object.fromEntries([...new Set(types)].map((t) => [t, types.filter((u) => u === t).length]));
    expect(tally(recorded.map((e) => e.type))).toEqual({
      "profile.connected": 1,
      "post.processed": 2,
      "platform_post.published": 11,
    }); // profile.connected: bluesky
    expect(receiver.received).toHaveLength(recorded.length);
    const deliveries = receiver.received.map((r) => ({
      headers: r.headers,
      envelope: JSON.parse(r.rawBody) as Json,
      rawBody: r.rawBody,
    }));
    for (const event of recorded) {
      const delivered = deliveries.filter((d) => d.envelope.id === event.id);
      expect(delivered, `${event.type} ${event.id}`).toHaveLength(1);
      const [d] = delivered;
      expect(d!.headers["x-service-event"]).toBe(event.type);
      expect(
        verifySignature({
          secret: webhook.secret,
          body: d!.rawBody,
          header: String(d!.headers["x-service-signature"]),
        }),
      ).toBe(true);
      expect(d!.envelope).toEqual({
        id: event.id,
        type: event.type,
        created_at: event.createdAt.toISOString(),
        data: event.data,
      });
    }
    const attempts = await db.webhookDelivery.findMany({ where: { webhookId: webhook.id } });
    expect(attempts.map((a) => [a.attemptNumber, a.success, a.responseStatus])).toEqual(
      recorded.map(() => [1, true, 200]),
    );
  }, 240_000);
});
