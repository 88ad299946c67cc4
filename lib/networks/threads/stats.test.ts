import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { noSleep, publishInput } from "@/testing/publish-media";
import { timedFetch } from "../http";
import type { PublishInput } from "../types";
import { THREADS_SCOPES, threadsConnector } from ".";
import { ZThreadsSettings } from "./settings";

// Threads user and media insights against the Graph fake.

let fake: GraphFake;
let ctx: Parameters<NonNullable<typeof threadsConnector.profileStats>>[0];
let auth: PublishInput["auth"];
const USER = "9002";

beforeAll(async () => {
  fake = await startGraphFake();
  fake.addApp("threads", "3000000000003", "th-secret");
  fake.addThreadsUser({ id: USER, username: "stats.person" });
  auth = {
    externalId: USER,
    tokens: { accessToken: fake.issueToken("threads", USER, THREADS_SCOPES) },
    credentials: null,
    metadata: {},
  };
  ctx = {
    settings: ZThreadsSettings.parse({
      client_id: "3000000000003",
      client_secret: "th-secret",
      graph_url: fake.base("graph.threads.com"),
    }),
    fetch: timedFetch(5_000),
    sleep: noSleep,
  };
});
afterAll(() => fake.close());

describe("threads stats", () => {
  it("user insights for the last day, followers_count in a call of its own; raw keeps the series", async () => {
    fake.setMetrics(USER, { views: 150, likes: 12, replies: 4, reposts: 2, quotes: 1, followers_count: 4321 });
    const { stats, raw } = await threadsConnector.profileStats!(ctx, { auth, placement: null });
    expect(stats).toEqual({ followers_count: 4321, views: 150, likes: 12, replies: 4, reposts: 2, quotes: 1 });
    expect(raw).toMatchObject({
      followers_count: 4321,
      likes: 12,
      views: [{ value: 150, end_time: expect.any(String) }],
    });
    const [windowed, followers] = fake.calls("graph.threads.com", `${USER}/threads_insights`);
    expect(windowed!.query).toMatchObject({
      metric: "views,likes,replies,reposts,quotes",
      since: expect.stringMatching(/^\d+$/),
      until: expect.stringMatching(/^\d+$/),
    });
    expect(Number(windowed!.query.until) - Number(windowed!.query.since)).toBe(86_400);
    expect(followers!.query).toEqual({ metric: "followers_count", access_token: auth.tokens!.accessToken });
  });

  it("media insights: impressions are views, with likes, replies, reposts, quotes and shares", async () => {
    const post = await threadsConnector.publish!(ctx, publishInput(auth, { body: "Count me" }));
    fake.setMetrics(post.externalId, { views: 800, likes: 30, replies: 5, reposts: 3, quotes: 2, shares: 7 });
    const reading = await threadsConnector.postStats!(ctx, {
      auth,
      placement: null,
      postExternalId: post.externalId,
      params: { format: "post" },
    });
    expect(reading).toEqual({
      stats: { impressions: 800, likes: 30, replies: 5, reposts: 3, quotes: 2, shares: 7 },
      raw: { views: 800, likes: 30, replies: 5, reposts: 3, quotes: 2, shares: 7 },
    });
  });

  it("a missing insights permission is the network's refusal", async () => {
    const narrow = { ...auth, tokens: { accessToken: fake.issueToken("threads", USER, ["threads_basic"]) } };
    await expect(threadsConnector.profileStats!(ctx, { auth: narrow, placement: null })).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "200" },
    });
  });
});
