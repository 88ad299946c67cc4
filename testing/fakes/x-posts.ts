import { isMultipart } from "./form-data";
import {
  PROBLEM,
  createXMedia,
  invalid,
  xProblemReply as problem,
  type XCtx as Ctx,
  type XHandled as Handled,
} from "./x-media";

// The posting half of the X fake (x.ts mounts it): media upload v2 (x-media.ts), POST /2/tweets (text,
// media.media_ids, poll, reply), the user's timeline GET /2/users/:id/tweets and GET /2/tweets?ids= with
// public, non-public (own posts under 30 days) and organic metrics. Written from X's OpenAPI description
// (v2.167) and docs; what X validates is validated (scopes, media ownership and state, poll bounds,
// replies to existing posts, duplicate text, length by tier). DELETE /2/tweets/:id removes the author's
// own post (moved to `deleted`): 200 {data: {deleted: true}}, 404 resource-not-found for an unknown or
// already deleted id, 403 for someone else's post. X's text rewriting is played too: links
// become t.co links, attached media add one, & < > come back as entities, and a long post's `text` is
// cut with the whole in note_tweet. `lost` plays an answer lost after the post was created.

type Metrics = Record<string, number>;
export type XFakeTweet = {
  id: string;
  author_id: string;
  request: Record<string, unknown>; // the POST /2/tweets body as received
  text: string; // as X shows it
  created_at: Date;
  media_ids: string[];
  media_keys: string[];
  poll: { id: string; options: string[]; duration_minutes: number } | null;
  in_reply_to_tweet_id: string | null;
  conversation_id: string;
  public_metrics: Metrics;
  non_public_metrics: Metrics;
  organic_metrics: Metrics;
};

const tco = () => `https://t.co/${Math.random().toString(36).slice(2, 12)}`;
const rendered = (text: string, withMedia: boolean) =>
  `${text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\bhttps?:\/\/\S+/gi, () => tco())}${withMedia ? `${text ? " " : ""}${tco()}` : ""}`.trim();

export const createXPosts = () => {
  const uploads = createXMedia();
  const { ownMedia, need, fieldsOf } = uploads;
  let nextTweet = 1_890_000_000_000_000_001n;
  let seed = 0;
  const state = {
    media: uploads.media,
    upload: uploads.settings, // processingPolls, failNextProcessing
    tweets: [] as XFakeTweet[],
    deleted: [] as XFakeTweet[], // removed by DELETE /2/tweets/:id, in order
    userMetrics: {
      followers_count: 1843,
      following_count: 212,
      tweet_count: 977,
      listed_count: 14,
      like_count: 3301,
      media_count: 120,
    } as Metrics,
    lost: new Set<string>(), // "METHOD path" prefixes whose next answer is lost after the work is done
  };

  const metricsFor = () => {
    seed++;
    const impressions = 1000 + seed * 137;
    return {
      public_metrics: {
        retweet_count: 3 + seed,
        reply_count: 2 + seed,
        like_count: 25 + seed * 3,
        quote_count: 1 + (seed % 3),
        bookmark_count: 4 + (seed % 5),
        impression_count: impressions,
      },
      non_public_metrics: {
        impression_count: impressions,
        url_link_clicks: 11 + seed,
        user_profile_clicks: 6 + seed,
        engagements: 48 + seed,
      },
      organic_metrics: {
        impression_count: impressions,
        like_count: 25 + seed * 3,
        reply_count: 2 + seed,
        retweet_count: 3 + seed,
        url_link_clicks: 11 + seed,
        user_profile_clicks: 6 + seed,
      },
    };
  };

  const createTweet = async (ctx: Ctx): Promise<Handled> => {
    const body = (await fieldsOf(ctx.req)) as Record<string, unknown> | null;
    if (!body || isMultipart(ctx.req) || Array.isArray(body)) return invalid("The request body must be a JSON object.");
    const text = typeof body.text === "string" ? body.text : "";
    const media = body.media as { media_ids?: unknown } | undefined;
    const poll = body.poll as { options?: unknown; duration_minutes?: unknown } | undefined;
    const reply = body.reply as { in_reply_to_tweet_id?: unknown } | undefined;
    const ids = Array.isArray(media?.media_ids) ? (media.media_ids as unknown[]) : media ? null : [];
    if (ids === null || ids.length > 4 || (media && ids.length === 0))
      return invalid("media.media_ids must hold 1 to 4 media ids.");
    if (!text && ids.length === 0) return invalid("You must provide text or media.");
    if ([...text].length > ctx.bodyMax)
      return problem(403, "Forbidden", `Tweet text is too long (maximum ${ctx.bodyMax} characters for this account).`);
    const attached = ids.map((id) => ownMedia(ctx, typeof id === "string" ? id : undefined));
    if (attached.some((m) => !m || m.state !== "succeeded" || !m.category.startsWith("tweet_")))
      return invalid("Your media IDs are invalid.");
    const kinds = new Set(attached.map((m) => m!.category));
    if (kinds.size > 1 || ((kinds.has("tweet_video") || kinds.has("tweet_gif")) && ids.length > 1))
      return invalid("Your media IDs are invalid.");
    let pollEntry: XFakeTweet["poll"] = null;
    if (poll) {
      const options = poll.options;
      const duration = poll.duration_minutes;
      if (
        !Array.isArray(options) ||
        options.length < 2 ||
        options.length > 4 ||
        options.some((o) => typeof o !== "string" || o.length < 1 || [...o].length > 25)
      )
        return invalid("poll.options must hold 2 to 4 options of 1 to 25 characters.");
      if (typeof duration !== "number" || !Number.isInteger(duration) || duration < 5 || duration > 10_080)
        return invalid("poll.duration_minutes must be between 5 and 10080.");
      if (ids.length > 0) return invalid("A poll cannot carry media.");
      pollEntry = { id: `poll_${nextTweet}`, options: options as string[], duration_minutes: duration };
    }
    let parent: XFakeTweet | undefined;
    if (reply) {
      parent = state.tweets.find((t) => t.id === reply.in_reply_to_tweet_id);
      if (!parent)
        return problem(403, "Forbidden", "You attempted to reply to a Tweet that is deleted or not visible to you.");
    }
    if (text && state.tweets.some((t) => t.author_id === ctx.userId && t.request.text === text))
      return problem(403, "Forbidden", "You are not allowed to create a Tweet with duplicate content.");
    const id = String(nextTweet++);
    const tweet: XFakeTweet = {
      id,
      author_id: ctx.userId,
      request: body,
      text: rendered(text, ids.length > 0),
      created_at: new Date(),
      media_ids: ids as string[],
      media_keys: attached.map((m) => m!.media_key),
      poll: pollEntry,
      in_reply_to_tweet_id: parent?.id ?? null,
      conversation_id: parent?.conversation_id ?? id,
      ...metricsFor(),
    };
    state.tweets.push(tweet);
    return { status: 201, body: { data: { id, text: tweet.text, edit_history_post_ids: [id] } } };
  };

  const tweetView = (t: XFakeTweet, fields: string[]) => {
    const long = [...t.text].length > 280;
    return {
      id: t.id,
      text: long ? [...t.text].slice(0, 280).join("") : t.text,
      edit_history_tweet_ids: [t.id],
      ...(fields.includes("created_at") && { created_at: t.created_at.toISOString() }),
      ...(fields.includes("author_id") && { author_id: t.author_id }),
      ...(fields.includes("conversation_id") && { conversation_id: t.conversation_id }),
      ...(fields.includes("note_tweet") && long && { note_tweet: { text: t.text } }),
      ...(fields.includes("referenced_tweets") &&
        t.in_reply_to_tweet_id && { referenced_tweets: [{ type: "replied_to", id: t.in_reply_to_tweet_id }] }),
      ...(fields.includes("attachments") &&
        (t.media_keys.length || t.poll) && {
          attachments: {
            ...(t.media_keys.length && { media_keys: t.media_keys }),
            ...(t.poll && { poll_ids: [t.poll.id] }),
          },
        }),
      ...(fields.includes("public_metrics") && { public_metrics: t.public_metrics }),
      ...(fields.includes("non_public_metrics") && { non_public_metrics: t.non_public_metrics }),
      ...(fields.includes("organic_metrics") && { organic_metrics: t.organic_metrics }),
    };
  };
  const fieldList = (url: URL) => (url.searchParams.get("tweet.fields") ?? "").split(",").filter(Boolean);

  const timeline = (ctx: Ctx, userId: string): Handled => {
    const max = Number(ctx.url.searchParams.get("max_results") ?? 10);
    if (!Number.isInteger(max) || max < 5 || max > 100) return invalid("max_results must be between 5 and 100.");
    const start = ctx.url.searchParams.get("start_time");
    if (start && Number.isNaN(Date.parse(start))) return invalid("start_time must be an RFC 3339 timestamp.");
    const mine = state.tweets
      .filter((t) => t.author_id === userId && (!start || t.created_at.getTime() >= Date.parse(start)))
      .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
    const offset = Number(ctx.url.searchParams.get("pagination_token")?.replace(/^p/, "") ?? 0);
    const page = mine.slice(offset, offset + max);
    if (page.length === 0) return { status: 200, body: { meta: { result_count: 0 } } };
    const next = offset + max < mine.length ? `p${offset + max}` : undefined;
    return {
      status: 200,
      body: {
        data: page.map((t) => tweetView(t, fieldList(ctx.url))),
        meta: {
          result_count: page.length,
          newest_id: page[0]!.id,
          oldest_id: page.at(-1)!.id,
          ...(next && { next_token: next }),
        },
      },
    };
  };

  const lookup = (ctx: Ctx): Handled => {
    const ids = (ctx.url.searchParams.get("ids") ?? "").split(",").filter(Boolean);
    if (ids.length === 0 || ids.length > 100) return invalid("ids must hold 1 to 100 ids.");
    const fields = fieldList(ctx.url);
    const privateFields = fields.filter((f) => f === "non_public_metrics" || f === "organic_metrics");
    const data: unknown[] = [];
    const errors: unknown[] = [];
    for (const id of ids) {
      const t = state.tweets.find((tweet) => tweet.id === id);
      if (!t) {
        errors.push({
          value: id,
          detail: `Could not find tweet with ids: [${id}].`,
          title: "Not Found Error",
          resource_type: "tweet",
          parameter: "ids",
          resource_id: id,
          type: `${PROBLEM}resource-not-found`,
        });
        continue;
      }
      const old = Date.now() - t.created_at.getTime() > 30 * 24 * 60 * 60 * 1000;
      const denied = privateFields.find(() => old || t.author_id !== ctx.userId);
      if (denied) {
        errors.push({
          value: id,
          detail: `Sorry, you are not authorized to access '${denied}' on the Tweet with ids: [${id}].`,
          title: "Field Authorization Error",
          resource_type: "tweet",
          parameter: "tweet.fields",
          resource_id: id,
          section: "data",
          field: denied,
          type: `${PROBLEM}not-authorized-for-field`,
        });
        continue;
      }
      data.push(tweetView(t, fields));
    }
    return { status: 200, body: { ...(data.length && { data }), ...(errors.length && { errors }) } };
  };

  const deleteTweet = (ctx: Ctx, id: string): Handled => {
    const index = state.tweets.findIndex((t) => t.id === id);
    const tweet = state.tweets[index];
    if (!tweet) return problem(404, "Not Found Error", `Could not find tweet with id: [${id}].`, "resource-not-found");
    if (tweet.author_id !== ctx.userId)
      return problem(403, "Forbidden", "You are not allowed to delete a Tweet you do not own.");
    state.tweets.splice(index, 1);
    state.deleted.push(tweet);
    return { status: 200, body: { data: { deleted: true } } };
  };

  // The fake's routes for posting; null when the request is not one of them.
  const route = async (ctx: Ctx): Promise<Handled | null> => {
    const { req, url } = ctx;
    const path = url.pathname;
    const key = `${req.method} ${path}`;
    const userTweets = /^\/2\/users\/(\d+)\/tweets$/.exec(path);
    const oneTweet = /^\/2\/tweets\/([^/]+)$/.exec(path);
    const reply =
      (await uploads.route(ctx, key)) ??
      (key === "POST /2/tweets"
        ? (need(ctx, ["tweet.read", "tweet.write", "users.read"]) ?? (await createTweet(ctx)))
        : key === "GET /2/tweets"
          ? (need(ctx, ["tweet.read", "users.read"]) ?? lookup(ctx))
          : req.method === "GET" && userTweets
            ? (need(ctx, ["tweet.read", "users.read"]) ?? timeline(ctx, userTweets[1]!))
            : req.method === "DELETE" && oneTweet
              ? (need(ctx, ["tweet.read", "tweet.write", "users.read"]) ?? deleteTweet(ctx, oneTweet[1]!))
              : null);
    if (!reply) return null;
    const lost = [...state.lost].find((prefix) => key.startsWith(prefix));
    if (lost && reply.status < 300) {
      state.lost.delete(lost);
      return { ...reply, afterLost: true };
    }
    return reply;
  };

  return { state, route };
};
