import { NetworkError } from "../errors";
import type { ProfileAuth, StatsReading } from "../types";
import { accessTokenOf, didOf, getPostRecord, isRecordNotFound } from "./publish";
import { parseAtUri } from "./record-key";
import { xrpcQuery, type BlueskyCtx } from "./xrpc";

// Stats come from the AppView, through the PDS (which proxies app.bsky.* reads to it):
//   - profile: app.bsky.actor.getProfile -> followersCount, followsCount, postsCount (the spec's keys are
//     these native names);
//   - post: app.bsky.feed.getPosts -> likeCount, repostCount, replyCount, quoteCount, normalised as likes,
//     reposts, comments, quotes.
// Without an AppView (a PDS configured without one, or an AppView outage: the PDS answers 502
// UpstreamFailure) only the account's own repo can be read. Followers and post interactions live in other
// accounts' repos, so they are null then; follows and posts are counted from the repo
// (com.atproto.repo.describeRepo for the collections it holds, com.atproto.repo.listRecords to count them),
// and `raw.source` says "repo" instead of "appview".

const LIST_PAGE = 100;
const LIST_MAX_PAGES = 50; // beyond 5,000 records the count is left null rather than read every day

type ProfileView = {
  followersCount?: number;
  followsCount?: number;
  postsCount?: number;
  associated?: Record<string, unknown>;
};
type PostView = { uri: string; cid: string } & Record<string, unknown>;

// The AppView could not answer (absent, failing, or not knowing the post yet); a session problem or a rate
// limit is not a reason to fall back.
const appViewUnavailable = (err: unknown) =>
  err instanceof NetworkError && (err.kind === "outcome_unknown" || err.kind === "rejected");

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

// Every numeric "...Count" field of a view, under its own name.
const counts = (view: Record<string, unknown>): Record<string, number> =>
  Object.fromEntries(
    Object.entries(view).filter((e): e is [string, number] => e[0].endsWith("Count") && num(e[1]) !== null),
  );

const countRecords = async (
  ctx: BlueskyCtx,
  token: string,
  did: string,
  collection: string,
): Promise<number | null> => {
  let total = 0;
  let cursor: string | undefined;
  for (let page = 0; page < LIST_MAX_PAGES; page++) {
    const res = await xrpcQuery<{ records: unknown[]; cursor?: string }>(
      ctx,
      "com.atproto.repo.listRecords",
      { repo: did, collection, limit: String(LIST_PAGE), ...(cursor && { cursor }) },
      token,
    );
    total += res.records.length;
    if (!res.cursor || res.records.length < LIST_PAGE) return total;
    cursor = res.cursor;
  }
  return null;
};

export const profileStatsBluesky = async (ctx: BlueskyCtx, { auth }: { auth: ProfileAuth }): Promise<StatsReading> => {
  const token = accessTokenOf(auth);
  const did = await didOf(ctx, auth, token);
  let appViewError: NetworkError;
  try {
    const view = await xrpcQuery<ProfileView>(ctx, "app.bsky.actor.getProfile", { actor: did }, token);
    const associated = Object.fromEntries(Object.entries(view.associated ?? {}).filter((e) => num(e[1]) !== null));
    return {
      stats: {
        followersCount: num(view.followersCount),
        followsCount: num(view.followsCount),
        postsCount: num(view.postsCount),
      },
      raw: {
        ...counts(view as Record<string, unknown>),
        ...(Object.keys(associated).length > 0 && { associated }),
        source: "appview",
      },
    };
  } catch (err) {
    if (!appViewUnavailable(err)) throw err;
    appViewError = err as NetworkError;
  }
  const { collections } = await xrpcQuery<{ collections?: string[] }>(
    ctx,
    "com.atproto.repo.describeRepo",
    { repo: did },
    token,
  );
  const held = new Set(collections ?? []);
  const count = (collection: string) =>
    held.has(collection) ? countRecords(ctx, token, did, collection) : Promise.resolve(0);
  const [postsCount, followsCount] = [await count("app.bsky.feed.post"), await count("app.bsky.graph.follow")];
  return {
    stats: { followersCount: null, followsCount, postsCount },
    raw: {
      followsCount,
      postsCount,
      source: "repo",
      appviewError: appViewError.details.platformErrorCode ?? appViewError.message,
    },
  };
};

export const postStatsBluesky = async (
  ctx: BlueskyCtx,
  { auth, postExternalId }: { auth: ProfileAuth; postExternalId: string },
): Promise<StatsReading> => {
  const token = accessTokenOf(auth);
  parseAtUri(postExternalId); // refuses an id that is not a post address before calling anything
  let appViewError: string;
  try {
    const { posts } = await xrpcQuery<{ posts: PostView[] }>(
      ctx,
      "app.bsky.feed.getPosts",
      { uris: [postExternalId] },
      token,
    );
    const post = posts.find((p) => p.uri === postExternalId);
    if (post) {
      return {
        stats: {
          likes: num(post.likeCount),
          reposts: num(post.repostCount),
          comments: num(post.replyCount),
          quotes: num(post.quoteCount),
        },
        raw: { ...counts(post), source: "appview" },
      };
    }
    appViewError = "NotIndexed"; // deleted, or not indexed yet: the repo tells which
  } catch (err) {
    if (!appViewUnavailable(err)) throw err;
    appViewError = (err as NetworkError).details.platformErrorCode ?? (err as NetworkError).message;
  }
  try {
    const record = await getPostRecord(ctx, token, postExternalId);
    return {
      stats: { likes: null, reposts: null, comments: null, quotes: null },
      raw: { source: "repo", cid: record.cid, appviewError: appViewError },
    };
  } catch (err) {
    if (isRecordNotFound(err))
      throw new NetworkError("rejected", "The post is no longer on Bluesky", (err as NetworkError).details);
    throw err;
  }
};
