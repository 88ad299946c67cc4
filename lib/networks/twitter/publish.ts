import { NetworkError, details } from "../errors";
import type { ConnectorContext, ProfileAuth, PublishInput, PublishResult } from "../types";
import { readJson } from "../http";
import { bearerOf, partialError, xCall, xUrl, type XProblem } from "./api";
import { mapTwitterError } from "./errors";
import { altTextFor, uploadMedia } from "./media";
import type { TwitterPostParams } from "./post-rules";

// Posting on X: POST /2/tweets {text, media: {media_ids}, poll: {options, duration_minutes},
// reply: {in_reply_to_tweet_id}} -> 201 {data: {id, text}}. A chain is a reply to the previous link.
// X has no idempotency key and no client tag on posts, so the read-back after an unknown outcome
// (findPublished) looks for the text among the account's recent posts. No first comment: twitter's
// post-rules accept no `first_comment`.

type Ctx = ConnectorContext<{ api_url: string }>;

// X lets "https://x.com/i/web/status/<id>" redirect to the post whatever the handle.
export const tweetUrl = (id: string) => `https://x.com/i/web/status/${id}`;

const paramsOf = (input: PublishInput) => input.params as Partial<TwitterPostParams>;

type Created = { data?: { id?: string; text?: string }; errors?: XProblem[] };

export const publishTweet = async (ctx: Ctx, input: PublishInput): Promise<PublishResult> => {
  const params = paramsOf(input);
  const request: Record<string, unknown> = {};
  if (input.body) request.text = input.body;
  if (params.format === "poll") {
    request.poll = { options: params.poll_options ?? [], duration_minutes: params.poll_duration_minutes ?? 1440 };
  } else if (input.media.length > 0) {
    const ids: string[] = [];
    for (const [i, media] of input.media.entries())
      ids.push(await uploadMedia(ctx, input.auth, media, altTextFor(params.alt_text, i)));
    request.media = { media_ids: ids };
  }
  if (input.replyTo) request.reply = { in_reply_to_tweet_id: input.replyTo.externalId };
  const created = await xCall<Created>(ctx, input.auth, "POST", "/2/tweets", { body: { json: request } });
  const id = created?.data?.id;
  if (!id) {
    if (created?.errors?.length) throw partialError(created.errors, "X created no post");
    throw new NetworkError("outcome_unknown", "X answered the post without its id");
  }
  return { externalId: id, url: tweetUrl(id) };
};

// ---- read-back -------------------------------------------------------------------------------------

// How far back a lost post is looked for, and how much of the timeline is read: the read-back runs soon
// after the attempt (X itself refuses a duplicate text, so a match in this window is our post).
export const FIND_WINDOW_MS = 24 * 60 * 60 * 1000;
const FIND_MAX_PAGES = 5;

type TimelineTweet = {
  id: string;
  text?: string;
  note_tweet?: { text?: string };
  created_at?: string;
  referenced_tweets?: { type: string; id: string }[];
  attachments?: { media_keys?: string[]; poll_ids?: string[] };
};
type Timeline = { data?: TimelineTweet[]; meta?: { next_token?: string; result_count?: number }; errors?: XProblem[] };

// X rewrites a post's text: links become t.co links, attached media add one more, & < > come back as
// entities. Compare without links and with whitespace collapsed.
export const comparableText = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\bhttps?:\/\/\S+/gi, " ")
    .normalize("NFC")
    .replace(/\s+/g, " ")
    .trim();

const matches = (tweet: TimelineTweet, input: PublishInput) => {
  if (comparableText(tweet.note_tweet?.text ?? tweet.text ?? "") !== comparableText(input.body)) return false;
  const parent = tweet.referenced_tweets?.find((r) => r.type === "replied_to")?.id ?? null;
  if (parent !== (input.replyTo?.externalId ?? null)) return false;
  const isPoll = (tweet.attachments?.poll_ids?.length ?? 0) > 0;
  if (isPoll !== (paramsOf(input).format === "poll")) return false;
  return (tweet.attachments?.media_keys?.length ?? 0) === (isPoll ? 0 : input.media.length);
};

const userIdOf = async (ctx: Ctx, auth: ProfileAuth): Promise<string> => {
  if (auth.externalId) return auth.externalId;
  const me = await xCall<{ data?: { id?: string } }>(ctx, auth, "GET", "/2/users/me");
  if (!me?.data?.id) throw new NetworkError("outcome_unknown", "X returned no user for this token");
  return me.data.id;
};

const rfc3339 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

const search = async (ctx: Ctx, input: PublishInput): Promise<PublishResult | null> => {
  const userId = await userIdOf(ctx, input.auth);
  const startTime = rfc3339(new Date(Date.now() - FIND_WINDOW_MS));
  let next: string | undefined;
  for (let page = 0; page < FIND_MAX_PAGES; page++) {
    const timeline = await xCall<Timeline>(ctx, input.auth, "GET", `/2/users/${encodeURIComponent(userId)}/tweets`, {
      query: {
        max_results: "100",
        start_time: startTime,
        "tweet.fields": "created_at,referenced_tweets,attachments,note_tweet",
        pagination_token: next,
      },
    });
    if (!timeline?.data && timeline?.errors?.length) throw partialError(timeline.errors, "X returned no timeline");
    const found = (timeline?.data ?? []).find((tweet) => matches(tweet, input)); // newest first
    if (found) return { externalId: found.id, url: tweetUrl(found.id) };
    next = timeline?.meta?.next_token;
    if (!next) return null;
  }
  throw new NetworkError(
    "outcome_unknown",
    `X shows more than ${FIND_MAX_PAGES * 100} posts in the last day; cannot tell whether this one went out`,
  );
};

// Any failure to read means we cannot tell: reported as outcome_unknown (with X's details and wait), never
// as a refusal that would have the post sent again.
export const findTweet = async (ctx: Ctx, input: PublishInput): Promise<PublishResult | null> => {
  try {
    return await search(ctx, input);
  } catch (err) {
    if (err instanceof NetworkError && err.kind === "outcome_unknown") throw err;
    const info = err instanceof NetworkError ? err.details : details(null, null, null);
    const after = err instanceof NetworkError ? err.retryAfterMs : null;
    throw new NetworkError(
      "outcome_unknown",
      `Could not read the X timeline back: ${(err as Error).message}`,
      info,
      after,
    );
  }
};

// ---- deletion ----------------------------------------------------------------------------------------

// DELETE /2/tweets/:id (scopes tweet.read, tweet.write, users.read) -> 200 {data: {deleted: true}}. A post
// that is already gone answers 404 resource-not-found, or a 200 whose `errors` say so: both resolve
// (deleting is idempotent). Other refusals (403 not the author, missing scope, 401, 429) go through
// mapTwitterError.
type Deleted = { data?: { deleted?: boolean }; errors?: XProblem[] };
const isNotFound = (problem: XProblem) =>
  /resource-not-found$/.test(problem.type ?? "") || problem.title === "Not Found Error";

export const deleteTweet = async (
  ctx: Ctx,
  { auth, externalId }: { auth: ProfileAuth; externalId: string },
): Promise<void> => {
  if (!/^\d+$/.test(externalId))
    throw new NetworkError(
      "rejected",
      `Not an X post id: ${externalId.slice(0, 100)}`,
      details("invalid_post_id", null, null),
    );
  const res = await ctx.fetch(xUrl(ctx, `/2/tweets/${externalId}`), {
    method: "DELETE",
    headers: { authorization: `Bearer ${bearerOf(auth)}`, accept: "application/json" },
  });
  if (res.status === 404) {
    await res.arrayBuffer().catch(() => undefined);
    return; // not there (deleted already, by us or on X)
  }
  const answer = await readJson<Deleted | null>({ mapError: mapTwitterError }, res);
  if (answer?.data?.deleted === true) return;
  if (answer?.errors?.some(isNotFound)) return;
  throw partialError(answer?.errors, "X did not delete the post");
};
