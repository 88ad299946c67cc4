import { googleApiError, type FakeGoogleUser, type Reply } from "./google-apis";
import { invalidEnum, unknownQueryParameter } from "./google-business";

// What the Google fake answers to comment polling (e2e/fakes/google.ts): YouTube commentThreads.list
// (part snippet,replies; videoId; order time|relevance; textFormat html|plainText; maxResults 1-100;
// pageToken) and Business Profile v4 accounts.locations.reviews.list (pageSize 1-50, pageToken, orderBy
// "rating", "rating desc", "updateTime desc"). Unknown query parameters and enum values are refused as
// Google refuses them. Tests seed threads and reviews; the fake keeps them per video / location.

type Req = { user: FakeGoogleUser; url: URL };
export type FakeThread = { id: string; videoId: string; top: Record<string, unknown>; replies: Record<string, unknown>[] };
export type FakeReview = Record<string, unknown> & { name: string; updateTime: string };

const STANDARD = ["$.xgafv", "access_token", "alt", "callback", "fields", "key", "oauth_token", "prettyPrint", "quotaUser", "upload_protocol", "uploadType"];
const THREAD_PARAMS = new Set([...STANDARD, "part", "videoId", "allThreadsRelatedToChannelId", "id", "channelId", "order", "textFormat", "maxResults", "pageToken", "searchTerms", "moderationStatus"]);
const REVIEW_PARAMS = new Set([...STANDARD, "pageSize", "pageToken", "orderBy"]);
const THREAD_PARTS = new Set(["id", "snippet", "replies"]);
const yt400 = (message: string, reason: string) => ({ status: 400, body: googleApiError(400, "INVALID_ARGUMENT", message, { reason, domain: "youtube.parameter" }) });
const unknownParam = (q: URLSearchParams, allowed: Set<string>) => [...q.keys()].find((k) => !allowed.has(k));
const offsetOf = (token: string | null) => Number(token?.replace(/^o/, "") ?? 0);

export const fakeCommentLists = () => {
  const threads: FakeThread[] = [];
  const reviews = new Map<string, FakeReview[]>(); // accounts/{a}/locations/{l} -> reviews

  const commentThreads = ({ url }: Req, videoExists: (id: string) => boolean): Reply => {
    const q = url.searchParams;
    const unknown = unknownParam(q, THREAD_PARAMS);
    if (unknown) return unknownQueryParameter(unknown);
    const parts = (q.get("part") ?? "").split(",").filter(Boolean);
    if (parts.length === 0) return yt400("Required parameter: part", "missingRequiredParameter");
    const badPart = parts.find((p) => !THREAD_PARTS.has(p));
    if (badPart) return { status: 400, body: googleApiError(400, "INVALID_ARGUMENT", `'${badPart}'`, { reason: "unknownPart", domain: "youtube.part" }) };
    const videoId = q.get("videoId");
    if (!videoId) return yt400("No filter selected. Expected one of: allThreadsRelatedToChannelId, id, videoId, channelId.", "missingRequiredParameter");
    if (q.has("order") && !["time", "relevance"].includes(q.get("order")!)) return yt400(`Invalid value for order: ${q.get("order")}`, "invalidParameter");
    if (q.has("textFormat") && !["html", "plainText"].includes(q.get("textFormat")!)) return yt400(`Invalid value for textFormat: ${q.get("textFormat")}`, "invalidParameter");
    const max = Number(q.get("maxResults") ?? 20);
    if (!Number.isInteger(max) || max < 1 || max > 100) return yt400("Invalid value for maxResults", "invalidParameter");
    if (!videoExists(videoId)) return { status: 404, body: googleApiError(404, "NOT_FOUND", "The video identified by the videoId parameter could not be found.", { reason: "videoNotFound", domain: "youtube.commentThread" }) };
    const all = threads.filter((t) => t.videoId === videoId).reverse(); // newest first
    const offset = offsetOf(q.get("pageToken"));
    const items = all.slice(offset, offset + max).map((t) => ({
      kind: "youtube#commentThread",
      id: t.id,
      snippet: { channelId: "UC", videoId, topLevelComment: { kind: "youtube#comment", id: t.id, snippet: t.top }, canReply: true, totalReplyCount: t.replies.length, isPublic: true },
      ...(parts.includes("replies") && t.replies.length > 0 && { replies: { comments: t.replies.map((r) => ({ kind: "youtube#comment", id: r.id, snippet: r.snippet })) } }),
    }));
    return { status: 200, body: { kind: "youtube#commentThreadListResponse", items, ...(offset + max < all.length && { nextPageToken: `o${offset + max}` }), pageInfo: { totalResults: all.length, resultsPerPage: max } } };
  };

  const listReviews = ({ url }: Req, location: string, access: (location: string) => Reply | null): Reply => {
    const q = url.searchParams;
    const unknown = unknownParam(q, REVIEW_PARAMS);
    if (unknown) return unknownQueryParameter(unknown);
    const refused = access(location);
    if (refused) return refused;
    const orderBy = q.get("orderBy") ?? "updateTime desc";
    if (!["rating", "rating desc", "updateTime desc"].includes(orderBy)) return invalidEnum("order_by", "google.mybusiness.v4.ListReviewsRequest", orderBy);
    const size = Number(q.get("pageSize") ?? 50);
    if (!Number.isInteger(size) || size < 1 || size > 50) return invalidEnum("page_size", "int32", String(size));
    const all = [...(reviews.get(location) ?? [])].sort((a, b) => b.updateTime.localeCompare(a.updateTime));
    const offset = offsetOf(q.get("pageToken"));
    const page = all.slice(offset, offset + size);
    return { status: 200, body: { ...(page.length > 0 && { reviews: page }), totalReviewCount: all.length, ...(offset + size < all.length && { nextPageToken: `o${offset + size}` }) } };
  };

  let n = 0;
  return {
    threads,
    reviews,
    commentThreads,
    listReviews,
    // A top-level comment on a video (and its replies), as a viewer wrote them.
    addThread: (videoId: string, text: string, replies: string[] = [], author = "Viewer") => {
      const id = `Ugz${++n}thread`;
      const snippet = (t: string, extra: Record<string, unknown> = {}) => ({
        videoId,
        textDisplay: t,
        textOriginal: t,
        authorDisplayName: author,
        authorProfileImageUrl: `https://yt3.example/${author}.jpg`,
        authorChannelUrl: `http://www.youtube.com/@${author.toLowerCase()}`,
        authorChannelId: { value: `UC${author}` },
        canRate: true,
        viewerRating: "none",
        likeCount: 0,
        publishedAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
        ...extra,
      });
      threads.push({ id, videoId, top: snippet(text), replies: replies.map((r, i) => ({ id: `${id}.r${i}`, snippet: snippet(r, { parentId: id }) })) });
      return id;
    },
    addReview: (location: string, review: Partial<FakeReview> & { comment?: string; starRating?: string }) => {
      const reviewId = `r${++n}`;
      const now = new Date().toISOString();
      const full: FakeReview = { reviewId, reviewer: { displayName: "Reviewer", profilePhotoUrl: "https://lh3.example/r.jpg" }, starRating: "FIVE", createTime: now, updateTime: now, ...review, name: `${location}/reviews/${reviewId}` };
      reviews.set(location, [...(reviews.get(location) ?? []), full]);
      return full;
    },
  };
};
