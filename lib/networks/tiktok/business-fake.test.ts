import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTikTokFake, type TikTokFake } from "@/testing/fakes/tiktok";

// The TikTok fake's API for Business (testing/fakes/tiktok-comments.ts, tiktok-business-videos.ts) is as strict
// as TikTok: what it refuses, it refuses with the envelope `{code, message, request_id, data}` and TikTok's
// numeric codes (40105 token, 40001 permission, 40002 parameter), in an HTTP 200. Its tokens come from
// the Authorization for Business (tiktok-business-auth.ts), and Login Kit's are refused there.

type Json = Record<string, unknown>;
let fake: TikTokFake;
let good: string;
const videoId = "7300000000000000001";

beforeAll(async () => {
  fake = await startTikTokFake();
  good = fake.business.grant();
  fake.comments.addVideo(videoId);
});
afterAll(async () => {
  await fake?.close();
});

// [HTTP status, envelope code] of one call under /open_api/v1.3/business.
const call = async (
  path: string,
  { query, body, token = good }: { query?: Record<string, string>; body?: Json; token?: string },
) => {
  const search = query ? `?${new URLSearchParams(query)}` : "";
  const res = await fetch(`${fake.url}/open_api/v1.3/business${path}${search}`, {
    method: body ? "POST" : "GET",
    headers: { "access-token": token, ...(body && { "content-type": "application/json" }) },
    ...(body && { body: JSON.stringify(body) }),
  });
  return [res.status, ((await res.json()) as Json).code];
};
const q = () => ({ business_id: fake.user.open_id, video_id: videoId });

describe("the TikTok API for Business fake", () => {
  it("refuses tokens it did not issue with 40105 and another account's business_id with 40001", async () => {
    expect(await call("/comment/list/", { query: q() })).toEqual([200, 0]);
    expect(await call("/comment/list/", { query: q(), token: "act.forged" })).toEqual([200, 40105]);
    expect(await call("/comment/list/", { query: { ...q(), business_id: "someone-else" } })).toEqual([200, 40001]);
  });

  it("refuses unknown query parameters, body fields and enum values with 40002", async () => {
    const id = fake.comments.addViewerComment(videoId, "hi");
    const like = { business_id: fake.user.open_id, comment_id: id, action: "LIKE" };
    expect(await call("/comment/list/", { query: { ...q(), fields: "text" } })).toEqual([200, 40002]);
    expect(await call("/comment/list/", { query: { ...q(), sort_order: "newest" } })).toEqual([200, 40002]);
    expect(await call("/comment/like/", { body: like })).toEqual([200, 0]);
    expect(await call("/comment/like/", { body: { ...like, video_id: videoId } })).toEqual([200, 40002]);
    expect(await call("/comment/like/", { body: { ...like, action: "LOVE" } })).toEqual([200, 40002]);
  });

  it("refuses misspelled parameter names and out-of-range values with 40002", async () => {
    expect(await call("/comment/list/", { query: { ...q(), sort_order: "desc" } })).toEqual([200, 0]);
    expect(await call("/comment/list/", { query: { ...q(), sort_type: "desc" } })).toEqual([200, 40002]);
    expect(await call("/comment/list/", { query: { ...q(), include_reply: "true" } })).toEqual([200, 40002]);
    expect(await call("/comment/list/", { query: { ...q(), max_count: "31" } })).toEqual([200, 40002]);
    expect(await call("/comment/list/", { query: { ...q(), status: "HIDDEN" } })).toEqual([200, 40002]);
    expect(await call("/comment/create/", { body: { ...q(), message: "hi" } })).toEqual([200, 40002]);
    expect(await call("/comment/create/", { body: { ...q(), text: "x".repeat(151) } })).toEqual([200, 40002]);
  });

  it("the video list takes only known field names and filters", async () => {
    const videos = { business_id: fake.user.open_id, filters: `{"video_ids":["${videoId}"]}` };
    expect(await call("/video/list/", { query: { ...videos, fields: '["item_id","share_url"]' } })).toEqual([200, 0]);
    expect(await call("/video/list/", { query: { ...videos, fields: '["item_id","shareurl"]' } })).toEqual([
      200, 40002,
    ]);
    expect(await call("/video/list/", { query: { ...videos, filters: '{"video_id":[]}' } })).toEqual([200, 40002]);
    expect(await call("/video/list/", { query: { ...videos, max_count: "21" } })).toEqual([200, 40002]);
  });
});

// [HTTP status, envelope code] of one POST to the Authorization for Business endpoints.
const tokenCall = async (path: string, body: Json) => {
  const res = await fetch(`${fake.url}/open_api/v1.3/tt_user${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return [res.status, ((await res.json()) as Json).code];
};

describe("the TikTok fake's API for Business publishing", () => {
  it("refuses unknown post_info fields, a missing privacy level and unknown enum values with 40002", async () => {
    const me = fake.user.open_id;
    const info = { caption: "c", is_brand_organic: false, is_branded_content: false };
    const vid = { business_id: me, video_url: "https://media.example.test/v.mp4", post_info: info };
    expect(await call("/video/publish/", { body: vid })).toEqual([200, 0]);
    expect(await call("/video/publish/", { body: { ...vid, post_info: { ...info, title: "t" } } })).toEqual([
      200, 40002,
    ]);
    const photo = { business_id: me, photo_images: ["https://media.example.test/p.jpg"], post_info: info };
    expect(await call("/photo/publish/", { body: photo })).toEqual([200, 40002]);
    const level = (privacy_level: string) => ({ ...photo, post_info: { ...info, privacy_level } });
    expect(await call("/photo/publish/", { body: level("SELF_ONLY") })).toEqual([200, 0]);
    expect(await call("/photo/publish/", { body: level("PRIVATE") })).toEqual([200, 40002]);
  });
});

describe("the TikTok fake's Authorization for Business", () => {
  it("the API for Business refuses a Login Kit token with 40105", async () => {
    expect(await call("/comment/list/", { query: q(), token: fake.grant() })).toEqual([200, 40105]);
    const account = { business_id: fake.user.open_id, fields: '["username"]' };
    expect(await call("/get/", { query: account })).toEqual([200, 0]);
    expect(await call("/get/", { query: account, token: fake.grant() })).toEqual([200, 40105]);
  });

  it("Login Kit and the Content Posting API refuse a business token", async () => {
    const headers = { authorization: `Bearer ${good}`, "content-type": "application/json" };
    const info = await fetch(`${fake.url}/v2/user/info/?fields=open_id`, { headers });
    expect([info.status, ((await info.json()) as { error: Json }).error.code]).toEqual([401, "access_token_invalid"]);
    const creator = await fetch(`${fake.url}/v2/post/publish/creator_info/query/`, { method: "POST", headers });
    expect(creator.status).toBe(401);
  });

  it("the token endpoints refuse unknown fields (40002), a wrong secret (40001) and an unknown code (40110)", async () => {
    const app = { client_id: fake.business.appId, client_secret: fake.business.appSecret };
    const exchange = { ...app, grant_type: "authorization_code", auth_code: "code.nope", redirect_uri: "https://x/cb" };
    expect(await tokenCall("/oauth2/token/", exchange)).toEqual([200, 40110]);
    expect(await tokenCall("/oauth2/token/", { ...exchange, code: "c" })).toEqual([200, 40002]);
    expect(await tokenCall("/oauth2/token/", { ...exchange, client_secret: "wrong" })).toEqual([200, 40001]);
    const refresh = { ...app, grant_type: "refresh_token", refresh_token: "brt.nope" };
    expect(await tokenCall("/oauth2/refresh_token/", refresh)).toEqual([200, 40107]);
    expect(await tokenCall("/oauth2/refresh_token/", { ...refresh, grant_type: "client_credentials" })).toEqual([
      200, 40108,
    ]);
  });
});
