import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startXFake, xProblem, xRateLimited, type XFake } from "@/testing/fakes/x";
import { MP4_BYTES, PNG_BYTES, noSleep, publishInput, publishMedia } from "@/testing/publish-media";
import { timedFetch } from "../http";
import type { ProfileAuth, PublishInput, PublishMedia } from "../types";
import { CHUNK_BYTES } from "./media";
import { ZTwitterSettings, twitterConnector } from ".";
import { twitterMeta } from "./meta";

let fake: XFake;
beforeAll(async () => {
  fake = await startXFake();
});
afterAll(() => fake.close());

const publish = twitterConnector.publish!;
const findPublished = twitterConnector.findPublished!;
const ctx = (options: { fetch?: typeof fetch; sleep?: (ms: number) => Promise<void> } = {}) => ({
  settings: ZTwitterSettings.parse({ web_url: fake.url, api_url: fake.url }),
  fetch: options.fetch ?? fetch,
  sleep: options.sleep ?? noSleep,
});
const auth = (accessToken = fake.issueToken()): ProfileAuth => ({
  externalId: fake.user.id,
  tokens: { accessToken },
  credentials: null,
  metadata: { subscription_type: "None" },
});
let n = 0;
const unique = (text = "Fresh roast today") => `${text} #${++n}`; // X refuses duplicate text
const input = (over: Partial<PublishInput> = {}) =>
  publishInput(auth(), { body: unique(), params: { format: "post" }, ...over });
const tweetOf = (id: string) => fake.posts.tweets.find((t) => t.id === id)!;
const requestsSince = (mark: number) => fake.requests.slice(mark).map((r) => `${r.method} ${r.path}`);
const gif = (): PublishMedia => ({
  ...publishMedia("image", { url: "https://media.example.test/loop.gif" }),
  contentType: "image/gif",
  kind: "gif",
});

describe("twitter publish (X API v2 fake)", () => {
  it("a text post is POST /2/tweets {text}; the id and a permalink come back", async () => {
    const body = unique("Opening at 7 tomorrow");
    const result = await publish(ctx(), input({ body }));
    expect(result).toEqual({
      externalId: expect.stringMatching(/^\d{19}$/),
      url: `https://x.com/i/web/status/${result.externalId}`,
    });
    expect(tweetOf(result.externalId).request).toEqual({ text: body });
  });

  it("images go up in one request each (multipart media + media_category), alt text per item, then the post", async () => {
    const mark = fake.requests.length;
    const other = Uint8Array.from([...PNG_BYTES, 0]);
    const result = await publish(
      ctx(),
      input({
        media: [publishMedia("image"), publishMedia("image", { bytes: other })],
        params: { format: "post", alt_text: ["A latte", ""] },
      }),
    );
    expect(requestsSince(mark)).toEqual([
      "POST /2/media/upload",
      "POST /2/media/metadata",
      "POST /2/media/upload",
      "POST /2/tweets",
    ]);
    const tweet = tweetOf(result.externalId);
    const [first, second] = tweet.media_ids.map((id) => fake.posts.media.get(id)!);
    expect(first).toMatchObject({
      upload: "simple",
      category: "tweet_image",
      media_type: "image/png",
      alt_text: "A latte",
      state: "succeeded",
    });
    expect(second).toMatchObject({ upload: "simple", alt_text: null });
    expect(Buffer.compare(first!.bytes!, Buffer.from(PNG_BYTES))).toBe(0);
    expect(Buffer.compare(second!.bytes!, Buffer.from(other))).toBe(0);
    expect(tweet.request).toEqual({ text: tweet.request.text, media: { media_ids: tweet.media_ids } });
    expect(tweet.text).toMatch(/ https:\/\/t\.co\/\w+$/); // X links the media in the text
  });

  it("a video goes through initialize / append (4 MB segments) / finalize and waits out processing via STATUS", async () => {
    const bytes = new Uint8Array(2 * CHUNK_BYTES + 1000);
    bytes.set(MP4_BYTES);
    const waits: number[] = [];
    const mark = fake.requests.length;
    const result = await publish(
      ctx({ sleep: async (ms) => void waits.push(ms) }),
      input({ media: [publishMedia("video", { bytes })], params: { format: "post", alt_text: "Pouring" } }),
    );
    const id = tweetOf(result.externalId).media_ids[0]!;
    expect(requestsSince(mark)).toEqual([
      "POST /2/media/upload/initialize",
      `POST /2/media/upload/${id}/append`,
      `POST /2/media/upload/${id}/append`,
      `POST /2/media/upload/${id}/append`,
      `POST /2/media/upload/${id}/finalize`,
      "GET /2/media/upload",
      "GET /2/media/upload",
      "POST /2/media/metadata",
      "POST /2/tweets",
    ]);
    expect(fake.requests.filter((r) => r.path === "/2/media/upload").at(-1)!.query).toEqual({
      command: "STATUS",
      media_id: id,
    });
    const media = fake.posts.media.get(id)!;
    expect(media).toMatchObject({
      upload: "chunked",
      category: "tweet_video",
      media_type: "video/mp4",
      total_bytes: bytes.byteLength,
      state: "succeeded",
      alt_text: "Pouring",
    });
    expect([...media.segments.keys()]).toEqual([0, 1, 2]);
    expect(Buffer.compare(media.bytes!, Buffer.from(bytes))).toBe(0);
    expect(waits).toEqual([1000, 1000]); // check_after_secs
  });

  it("a GIF is a chunked tweet_gif upload", async () => {
    const result = await publish(ctx(), input({ media: [gif()] }));
    const media = fake.posts.media.get(tweetOf(result.externalId).media_ids[0]!)!;
    expect(media).toMatchObject({
      upload: "chunked",
      category: "tweet_gif",
      media_type: "image/gif",
      state: "succeeded",
    });
  });

  it("failed processing is rejected with X's error; a video still processing after the bound is retried later; nothing is posted", async () => {
    const before = fake.posts.tweets.length;
    fake.posts.upload.failNextProcessing = { code: 3, name: "InvalidMedia", message: "Unsupported video codec" };
    await expect(publish(ctx(), input({ media: [publishMedia("video")] }))).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "InvalidMedia", platformErrorMessage: "Unsupported video codec" },
    });
    fake.posts.upload.processingPolls = 1000;
    try {
      await expect(publish(ctx(), input({ media: [publishMedia("video")] }))).rejects.toMatchObject({
        kind: "rate_limited",
        retryAfterMs: 60_000,
      });
    } finally {
      fake.posts.upload.processingPolls = 2;
    }
    expect(fake.posts.tweets.length).toBe(before);
  });

  it("a poll sends poll {options, duration_minutes} and no media", async () => {
    const body = unique("Which roast next week?");
    const params = twitterMeta.postRules!.params.parse({
      format: "poll",
      poll_options: ["Ethiopia", "Kenya", "Colombia"],
      poll_duration_minutes: "90",
    });
    const result = await publish(ctx(), input({ body, params: params as Record<string, unknown> }));
    expect(tweetOf(result.externalId).request).toEqual({
      text: body,
      poll: { options: ["Ethiopia", "Kenya", "Colombia"], duration_minutes: 90 },
    });
    const defaulted = twitterMeta.postRules!.params.parse({ format: "poll", poll_options: ["Yes", "No"] });
    const second = await publish(ctx(), input({ params: defaulted as Record<string, unknown> }));
    expect(tweetOf(second.externalId).poll).toMatchObject({ options: ["Yes", "No"], duration_minutes: 1440 });
  });

  it("a chain: each link replies to the previous one (reply.in_reply_to_tweet_id), all in one conversation", async () => {
    const root = await publish(ctx(), input({ body: unique("1/3 How we roast") }));
    const second = await publish(
      ctx(),
      input({
        body: unique("2/3 Green beans"),
        replyTo: { externalId: root.externalId, rootExternalId: root.externalId },
      }),
    );
    const third = await publish(
      ctx(),
      input({
        body: unique("3/3 Cooling"),
        media: [publishMedia("image")],
        replyTo: { externalId: second.externalId, rootExternalId: root.externalId },
      }),
    );
    expect(tweetOf(second.externalId).request.reply).toEqual({ in_reply_to_tweet_id: root.externalId });
    expect(tweetOf(third.externalId)).toMatchObject({
      in_reply_to_tweet_id: second.externalId,
      conversation_id: root.externalId,
    });
  });

  it("errors: X's refusals are rejected with its title and detail, 429 waits until x-rate-limit-reset, 401 is auth_expired", async () => {
    const body = unique("Twice");
    await publish(ctx(), input({ body }));
    await expect(publish(ctx(), input({ body }))).rejects.toMatchObject({
      kind: "rejected",
      details: {
        platformErrorCode: "Forbidden",
        platformErrorMessage: "You are not allowed to create a Tweet with duplicate content.",
      },
    });
    await expect(publish(ctx(), input({ body: "x".repeat(281) }))).rejects.toMatchObject({
      kind: "rejected",
      message: expect.stringContaining("too long"),
    });

    const reset = Math.floor(Date.now() / 1000) + 120;
    fake.failNext("/2/tweets", xRateLimited(reset));
    const limited = await publish(ctx(), input()).catch((err: unknown) => err);
    expect(limited).toMatchObject({ kind: "rate_limited" });
    expect((limited as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(100_000);

    fake.failNext(
      /^\/2\/media\/upload\/\d+\/append$/,
      xProblem(400, "Invalid Request", "Segment is corrupt", "https://api.x.com/2/problems/invalid-request"),
    );
    await expect(publish(ctx(), input({ media: [publishMedia("video")] }))).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "invalid-request", platformErrorMessage: "Segment is corrupt" },
    });

    const before = fake.requests.length;
    await expect(publish(ctx(), input({ auth: auth("revoked-token") }))).rejects.toMatchObject({
      kind: "auth_expired",
    });
    await expect(publish(ctx(), input({ auth: { ...auth(), tokens: null } }))).rejects.toMatchObject({
      kind: "auth_expired",
    });
    expect(fake.requests.length).toBe(before + 1); // the profile without a token never reached X
    const noMedia = fake.issueToken(["tweet.read", "tweet.write", "users.read"]);
    await expect(publish(ctx(), input({ auth: auth(noMedia), media: [publishMedia("image")] }))).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "oauth2-scope" },
    });
  });
});

describe("twitter findPublished (read-back after an unknown outcome)", () => {
  it("finds a post whose answer was lost, through X's rewriting of links, entities and media links, creating nothing", async () => {
    const body = unique("Beans & cream <3 see https://example.com/menu");
    const lost = input({ body, media: [publishMedia("image")] });
    fake.loseNextAnswer("POST /2/tweets");
    await expect(publish(ctx({ fetch: timedFetch(5000) }), lost)).rejects.toMatchObject({ kind: "outcome_unknown" });
    const created = fake.posts.tweets.at(-1)!;
    expect(created.text).not.toContain("https://example.com"); // X shows a t.co link and entities

    const count = fake.posts.tweets.length;
    const mark = fake.requests.length;
    expect(await findPublished(ctx(), lost)).toEqual({
      externalId: created.id,
      url: `https://x.com/i/web/status/${created.id}`,
    });
    expect(fake.posts.tweets.length).toBe(count);
    expect(requestsSince(mark)).toEqual([`GET /2/users/${fake.user.id}/tweets`]);
    const query = fake.requests.at(-1)!.query;
    expect(query).toMatchObject({
      max_results: "100",
      "tweet.fields": "created_at,referenced_tweets,attachments,note_tweet",
    });
    expect(Date.now() - Date.parse(query.start_time!)).toBeGreaterThan(23 * 3600 * 1000);
  });

  it("null when the post is not there: other text, or the same text without the media or under another parent", async () => {
    expect(await findPublished(ctx(), input({ body: unique("Never sent") }))).toBeNull();
    const sent = input({ body: unique("Sent plain") });
    const result = await publish(ctx(), sent);
    expect(await findPublished(ctx(), sent)).toEqual(result);
    expect(await findPublished(ctx(), { ...sent, media: [publishMedia("image")] })).toBeNull();
    expect(await findPublished(ctx(), { ...sent, replyTo: { externalId: "1", rootExternalId: "1" } })).toBeNull();
  });

  it("matches a chain link on its parent and a long post on note_tweet", async () => {
    fake.user.subscription_type = "Premium";
    try {
      const root = await publish(ctx(), input());
      const long = input({
        body: unique("A long story. ".repeat(40)),
        replyTo: { externalId: root.externalId, rootExternalId: root.externalId },
      });
      fake.loseNextAnswer("POST /2/tweets");
      await expect(publish(ctx({ fetch: timedFetch(5000) }), long)).rejects.toMatchObject({ kind: "outcome_unknown" });
      expect(await findPublished(ctx(), long)).toEqual({
        externalId: fake.posts.tweets.at(-1)!.id,
        url: expect.any(String),
      });
    } finally {
      fake.user.subscription_type = "None";
    }
  });

  it("pages through the timeline (next_token)", async () => {
    const target = input({ body: unique("Deep in the timeline") });
    const result = await publish(ctx(), target);
    for (let i = 0; i < 100; i++) await publish(ctx(), input({ body: unique("Filler") }));
    const mark = fake.requests.length;
    expect(await findPublished(ctx(), target)).toEqual(result);
    expect(fake.requests.slice(mark).map((r) => r.query.pagination_token ?? null)).toEqual([null, "p100"]);
  });

  it("cannot tell (outcome_unknown, with X's wait) when the timeline cannot be read", async () => {
    const reset = Math.floor(Date.now() / 1000) + 300;
    fake.failNext(new RegExp(`^/2/users/${fake.user.id}/tweets$`), xRateLimited(reset));
    const limited = await findPublished(ctx(), input()).catch((err: unknown) => err);
    expect(limited).toMatchObject({ kind: "outcome_unknown", details: { platformErrorCode: "Too Many Requests" } });
    expect((limited as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(200_000);
    fake.failNext(
      new RegExp(`^/2/users/${fake.user.id}/tweets$`),
      xProblem(503, "Service Unavailable", "Service Unavailable"),
    );
    await expect(findPublished(ctx(), input())).rejects.toMatchObject({ kind: "outcome_unknown" });
    await expect(findPublished(ctx(), input({ auth: auth("revoked-token") }))).rejects.toMatchObject({
      kind: "outcome_unknown",
      message: expect.stringContaining("401"),
    });
  });

  it("has no first comment (the post-rules take no first_comment)", () => {
    expect(twitterConnector.createFirstComment).toBeUndefined();
    expect(twitterMeta.postRules!.params.parse({ first_comment: "hi" })).not.toHaveProperty("first_comment");
  });
});

describe("twitter deletePublished (DELETE /2/tweets/:id)", () => {
  const deletePublished = twitterConnector.deletePublished!;
  const del = (externalId: string, a = auth()) =>
    deletePublished(ctx(), { auth: a, placement: null, externalId, params: {} });

  it("deletes the post: X no longer has it; deleting again (404) resolves", async () => {
    const { externalId } = await publish(ctx(), input());
    const mark = fake.requests.length;
    await del(externalId);
    expect(requestsSince(mark)).toEqual([`DELETE /2/tweets/${externalId}`]);
    expect(fake.posts.tweets.some((t) => t.id === externalId)).toBe(false);
    expect(fake.posts.deleted.at(-1)!.id).toBe(externalId);
    await expect(del(externalId)).resolves.toBeUndefined();
    await expect(del("1890000000000009999")).resolves.toBeUndefined(); // never existed
    expect(requestsSince(mark)).toHaveLength(3);
  });

  it("a 200 whose errors say the post is not found also counts as deleted", async () => {
    fake.failNext(/^\/2\/tweets\/\d+$/, {
      status: 200,
      body: {
        data: { deleted: false },
        errors: [
          {
            title: "Not Found Error",
            detail: "Could not find tweet with id: [1].",
            type: "https://api.x.com/2/problems/resource-not-found",
          },
        ],
      },
    });
    await expect(del("1")).resolves.toBeUndefined();
  });

  it("refusals throw the mapped error: someone else's post (403), a token without tweet.write, 401, 429, and deleted:false", async () => {
    const { externalId } = await publish(ctx(), input());
    const theirs = { ...fake.posts.tweets.at(-1)!, id: "1890000000000000000", author_id: "42" };
    fake.posts.tweets.push(theirs);
    await expect(del(theirs.id)).rejects.toMatchObject({
      kind: "rejected",
      details: {
        platformErrorCode: "Forbidden",
        platformErrorMessage: "You are not allowed to delete a Tweet you do not own.",
      },
    });
    expect(fake.posts.tweets).toContain(theirs);

    const readOnly = fake.issueToken(["tweet.read", "users.read"]);
    await expect(del(externalId, auth(readOnly))).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "oauth2-scope" },
    });
    await expect(del(externalId, auth("revoked-token"))).rejects.toMatchObject({ kind: "auth_expired" });
    const reset = Math.floor(Date.now() / 1000) + 120;
    fake.failNext(`/2/tweets/${externalId}`, xRateLimited(reset));
    await expect(del(externalId)).rejects.toMatchObject({ kind: "rate_limited" });
    fake.failNext(`/2/tweets/${externalId}`, { status: 200, body: { data: { deleted: false } } });
    await expect(del(externalId)).rejects.toMatchObject({
      kind: "rejected",
      message: expect.stringContaining("did not delete"),
    });
    expect(fake.posts.tweets.some((t) => t.id === externalId)).toBe(true); // still there after every refusal

    const before = fake.requests.length;
    await expect(del("at://not-an-x-id")).rejects.toMatchObject({ kind: "rejected" });
    expect(fake.requests.length).toBe(before);
  });
});
