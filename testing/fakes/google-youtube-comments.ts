import { randomBytes } from "node:crypto";
import { googleApiError, type FakeGoogleUser, type Reply } from "./google-apis";
import type { FakeYouTube } from "./google-youtube";

// YouTube comments on the Google fake (networks.md "youtube" comments): commentThreads.insert (a new
// top-level comment on a video), comments.insert (a reply: `parentId` must be a top-level comment),
// commentThreads.list (`videoId`, newest first with order=time), comments.list (`parentId`), and
// comments.delete (the author's own comments only). As the real API does, unknown query parameters,
// unknown `part` values and unknown snippet fields are refused (400). Everything is kept in `comments`.

export type FakeYouTubeComment = {
  id: string;
  videoId: string;
  parentId: string | null;
  authorChannelId: string;
  authorDisplayName?: string; // viewers' comments (addViewerThread) carry their name and channel URL
  textOriginal: string;
  publishedAt: string;
};
type Req = { user: FakeGoogleUser; url: URL; json: unknown };

const yt = (
  status: number,
  googleStatus: string,
  message: string,
  reason: string,
  domain = "youtube.comment",
): Reply => ({
  status,
  body: googleApiError(status, googleStatus, message, { reason, domain }),
});
const bad = (message: string, reason = "invalidParameter", domain = "youtube.parameter") =>
  yt(400, "INVALID_ARGUMENT", message, reason, domain);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

// Query parameters each method takes (a subset of Google's: the ones a connector may send).
const PARAMS: Record<string, string[]> = {
  "commentThreads.insert": ["part"],
  "comments.insert": ["part"],
  "commentThreads.list": ["part", "videoId", "order", "maxResults", "pageToken", "textFormat"],
  "comments.list": ["part", "parentId", "maxResults", "pageToken", "textFormat"],
  "comments.delete": ["id"],
};
const PARTS = { thread: new Set(["id", "snippet", "replies"]), comment: new Set(["id", "snippet"]) };

const checkQuery = (method: string, url: URL, parts?: Set<string>): Reply | null => {
  for (const key of url.searchParams.keys())
    if (!PARAMS[method]!.includes(key)) return bad(`Unknown parameter: ${key}`, "unknownParameter");
  if (!parts) return null;
  const asked = (url.searchParams.get("part") ?? "").split(",").filter(Boolean);
  if (asked.length === 0) return bad("Required parameter: part", "missingRequiredParameter");
  const unknown = asked.find((p) => !parts.has(p));
  return unknown ? bad(`'${unknown}' is not a valid value for part`, "unknownPart") : null;
};

const onlyKeys = (obj: Record<string, unknown>, allowed: string[], where: string): Reply | null => {
  const extra = Object.keys(obj).find((k) => !allowed.includes(k));
  return extra ? bad(`Unknown field ${where}.${extra}`, "invalidCommentMetadata", "youtube.comment") : null;
};

export const fakeYouTubeComments = (youtube: FakeYouTube) => {
  const comments = new Map<string, FakeYouTubeComment>();
  const channelOf = (user: FakeGoogleUser) => user.channel?.id ?? "";

  const snippetOf = (c: FakeYouTubeComment) => ({
    channelId: youtube.videos.get(c.videoId)?.snippet.channelId,
    videoId: c.videoId,
    textDisplay: c.textOriginal,
    textOriginal: c.textOriginal,
    ...(c.parentId && { parentId: c.parentId }),
    ...(c.authorDisplayName && {
      authorDisplayName: c.authorDisplayName,
      authorProfileImageUrl: `https://yt3.example/${c.authorDisplayName}.jpg`,
      authorChannelUrl: `http://www.youtube.com/@${c.authorDisplayName.toLowerCase()}`,
    }),
    authorChannelId: { value: c.authorChannelId },
    canRate: true,
    viewerRating: "none",
    likeCount: 0,
    publishedAt: c.publishedAt,
    updatedAt: c.publishedAt,
  });
  const commentResource = (c: FakeYouTubeComment) => ({
    kind: "youtube#comment",
    etag: `etag-${c.id}`,
    id: c.id,
    snippet: snippetOf(c),
  });
  // `withReplies` (part=replies): the thread carries its replies, oldest first.
  const threadResource = (c: FakeYouTubeComment, withReplies = false) => {
    const replies = [...comments.values()].filter((r) => r.parentId === c.id);
    return {
      kind: "youtube#commentThread",
      etag: `etag-t-${c.id}`,
      id: c.id,
      snippet: {
        channelId: youtube.videos.get(c.videoId)?.snippet.channelId,
        videoId: c.videoId,
        topLevelComment: commentResource(c),
        canReply: true,
        totalReplyCount: replies.length,
        isPublic: true,
      },
      ...(withReplies && replies.length > 0 && { replies: { comments: replies.map(commentResource) } }),
    };
  };
  const add = (user: FakeGoogleUser, videoId: string, parentId: string | null, textOriginal: string) => {
    const c: FakeYouTubeComment = {
      id: `Ug${randomBytes(12).toString("base64url")}`,
      videoId,
      parentId,
      authorChannelId: channelOf(user),
      textOriginal,
      publishedAt: new Date().toISOString(),
    };
    if (parentId) c.id = `${parentId}.${randomBytes(8).toString("base64url")}`;
    comments.set(c.id, c);
    return c;
  };
  const page = <T>(items: T[], url: URL) => {
    const max = Number(url.searchParams.get("maxResults") ?? 20);
    if (!Number.isInteger(max) || max < 1 || max > 100) return null;
    const offset = Number(url.searchParams.get("pageToken")?.replace(/^p/, "") ?? 0);
    return {
      items: items.slice(offset, offset + max),
      ...(offset + max < items.length && { nextPageToken: `p${offset + max}` }),
    };
  };

  let viewerSeq = 0;
  return {
    comments,
    // A top-level comment on a video and its replies, as a viewer wrote them (tests of polling).
    addViewerThread: (videoId: string, text: string, replies: string[] = [], author = "Viewer") => {
      const at = () => new Date(Date.now() + viewerSeq).toISOString();
      const id = `Ugz${++viewerSeq}thread`;
      comments.set(id, {
        id,
        videoId,
        parentId: null,
        authorChannelId: `UC${author}`,
        authorDisplayName: author,
        textOriginal: text,
        publishedAt: at(),
      });
      replies.forEach((r, i) =>
        comments.set(`${id}.r${i}`, {
          id: `${id}.r${i}`,
          videoId,
          parentId: id,
          authorChannelId: `UC${author}`,
          authorDisplayName: author,
          textOriginal: r,
          publishedAt: at(),
        }),
      );
      return id;
    },
    // POST commentThreads?part=snippet {snippet: {videoId, channelId?, topLevelComment: {snippet: {textOriginal}}}}
    insertThread: ({ user, url, json }: Req): Reply => {
      const refused = checkQuery("commentThreads.insert", url, PARTS.thread);
      if (refused) return refused;
      if (!isObject(json) || !isObject(json.snippet))
        return bad("No filter selected: snippet is required", "invalidCommentThreadMetadata", "youtube.commentThread");
      const s = json.snippet;
      const top = isObject(s.topLevelComment) && isObject(s.topLevelComment.snippet) ? s.topLevelComment.snippet : null;
      const extra =
        onlyKeys(json, ["snippet"], "resource") ??
        onlyKeys(s, ["videoId", "channelId", "topLevelComment"], "snippet") ??
        (top && onlyKeys(top, ["textOriginal"], "topLevelComment.snippet"));
      if (extra) return extra;
      if (typeof s.videoId !== "string" || !youtube.videos.get(s.videoId))
        return yt(
          404,
          "NOT_FOUND",
          "The video identified by the videoId parameter could not be found.",
          "videoNotFound",
          "youtube.commentThread",
        );
      if (!top || typeof top.textOriginal !== "string" || !top.textOriginal.trim())
        return bad("The comment text is empty", "commentTextRequired", "youtube.comment");
      return { status: 200, body: threadResource(add(user, s.videoId, null, top.textOriginal)) };
    },
    // POST comments?part=snippet {snippet: {parentId, textOriginal}}: replies answer top-level comments only.
    insertReply: ({ user, url, json }: Req): Reply => {
      const refused = checkQuery("comments.insert", url, PARTS.comment);
      if (refused) return refused;
      if (!isObject(json) || !isObject(json.snippet))
        return bad("snippet is required", "invalidCommentMetadata", "youtube.comment");
      const s = json.snippet;
      const extra = onlyKeys(json, ["snippet"], "resource") ?? onlyKeys(s, ["parentId", "textOriginal"], "snippet");
      if (extra) return extra;
      const parent = typeof s.parentId === "string" ? comments.get(s.parentId) : undefined;
      if (!parent || parent.parentId)
        return yt(
          404,
          "NOT_FOUND",
          "The comment identified by the parentId parameter could not be found.",
          "parentCommentNotFound",
        );
      if (typeof s.textOriginal !== "string" || !s.textOriginal.trim())
        return bad("The comment text is empty", "commentTextRequired", "youtube.comment");
      return { status: 200, body: commentResource(add(user, parent.videoId, parent.id, s.textOriginal)) };
    },
    listThreads: ({ url }: Req): Reply => {
      const refused = checkQuery("commentThreads.list", url, PARTS.thread);
      if (refused) return refused;
      const videoId = url.searchParams.get("videoId");
      if (!videoId)
        return bad(
          "No filter selected. Expected one of: allThreadsRelatedToChannelId, id, videoId.",
          "missingRequiredParameter",
        );
      const order = url.searchParams.get("order") ?? "time";
      if (!["time", "relevance"].includes(order)) return bad(`Invalid value '${order}' for order`);
      const threads = [...comments.values()]
        .filter((c) => c.videoId === videoId && !c.parentId)
        .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
      const withReplies = (url.searchParams.get("part") ?? "").split(",").includes("replies");
      const paged = page(
        threads.map((t) => threadResource(t, withReplies)),
        url,
      );
      return paged
        ? { status: 200, body: { kind: "youtube#commentThreadListResponse", ...paged } }
        : bad("Invalid value for maxResults");
    },
    listReplies: ({ url }: Req): Reply => {
      const refused = checkQuery("comments.list", url, PARTS.comment);
      if (refused) return refused;
      const parentId = url.searchParams.get("parentId");
      if (!parentId) return bad("No filter selected. Expected one of: id, parentId.", "missingRequiredParameter");
      const replies = [...comments.values()]
        .filter((c) => c.parentId === parentId)
        .sort((a, b) => Date.parse(a.publishedAt) - Date.parse(b.publishedAt));
      const paged = page(replies.map(commentResource), url);
      return paged
        ? { status: 200, body: { kind: "youtube#commentListResponse", ...paged } }
        : bad("Invalid value for maxResults");
    },
    // DELETE comments?id=…: 204; the author's own comments only (403 otherwise), 404 commentNotFound when gone.
    remove: ({ user, url }: Req): Reply => {
      const refused = checkQuery("comments.delete", url);
      if (refused) return refused;
      const c = comments.get(url.searchParams.get("id") ?? "");
      if (!c)
        return yt(
          404,
          "NOT_FOUND",
          "The comment identified by the id parameter could not be found.",
          "commentNotFound",
        );
      if (c.authorChannelId !== channelOf(user))
        return yt(403, "PERMISSION_DENIED", "The comment could not be deleted by the authorized user.", "forbidden");
      for (const r of comments.values()) if (r.parentId === c.id) comments.delete(r.id);
      comments.delete(c.id);
      return { status: 204, body: "" };
    },
  };
};
