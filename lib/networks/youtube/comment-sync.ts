import { z } from "zod";
import { googleJson, withQuery } from "../google/api";
import type { CommentSync, ConnectorContext, InboundComment, ProfileAuth } from "../types";

// Comment threads polled on our videos (YouTube pushes nothing): commentThreads.list
// ?part=snippet,replies&videoId=…&order=time&textFormat=plainText&maxResults=100, newest first, at most
// MAX_PAGES pages per poll. Each call costs 1 quota unit; quotaExceeded / rateLimitExceeded are
// rate_limited NetworkErrors (google/errors.ts), which stop the profile's polls until the wait is over.
// A thread's top-level comment is a comment on the video; its replies (those the thread carries) are
// replies to it. YouTube replies are one level deep.

const MAX_PAGES = 5;
const FRESH_POLL_MS = 30 * 60_000; // 48 units a day per fresh video at most, out of 10,000

type Ctx = ConnectorContext<{ api_url: string }>;

const ZCommentSnippet = z
  .object({
    textOriginal: z.string().optional(),
    textDisplay: z.string().optional(),
    authorDisplayName: z.string().optional(),
    authorProfileImageUrl: z.string().optional(),
    authorChannelUrl: z.string().optional(),
    authorChannelId: z.object({ value: z.string() }).optional(),
    likeCount: z.number().optional(),
    moderationStatus: z.string().optional(),
    publishedAt: z.string().optional(),
    updatedAt: z.string().optional(),
    parentId: z.string().optional(),
  })
  .loose();
const ZComment = z.object({ id: z.string(), snippet: ZCommentSnippet });
const ZThreads = z.object({
  nextPageToken: z.string().optional(),
  items: z
    .array(
      z.object({
        id: z.string(),
        snippet: z
          .object({
            videoId: z.string().optional(),
            topLevelComment: ZComment,
            totalReplyCount: z.number().optional(),
            isPublic: z.boolean().optional(),
          })
          .loose(),
        replies: z.object({ comments: z.array(ZComment) }).optional(),
      }),
    )
    .default([]),
});

const handleOf = (url: string | undefined) => (url ? (/\/(@[^/?#]+)$/.exec(url)?.[1] ?? null) : null);

const commentOf = (c: z.infer<typeof ZComment>, videoId: string, parent: string): InboundComment => ({
  externalId: c.id,
  parentExternalId: parent,
  body: c.snippet.textOriginal ?? c.snippet.textDisplay ?? "",
  authorExternalId: c.snippet.authorChannelId?.value ?? null,
  authorUsername: handleOf(c.snippet.authorChannelUrl),
  authorName: c.snippet.authorDisplayName ?? null,
  authorAvatarUrl: c.snippet.authorProfileImageUrl ?? null,
  metadata: null,
  likeCount: c.snippet.likeCount ?? null,
  isHidden: c.snippet.moderationStatus ? c.snippet.moderationStatus !== "published" : null,
  permalink: `https://www.youtube.com/watch?v=${videoId}&lc=${c.id}`,
  platformData: {
    ...(c.snippet.moderationStatus && { moderation_status: c.snippet.moderationStatus }),
    ...(c.snippet.updatedAt && { updated_at: c.snippet.updatedAt }),
  },
  attachments: [],
  postedAt: c.snippet.publishedAt ? new Date(c.snippet.publishedAt) : null,
});

export const listVideoComments = async (
  ctx: Ctx,
  { auth, postExternalId }: { auth: ProfileAuth; postExternalId: string },
) => {
  const out: InboundComment[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = withQuery(`${ctx.settings.api_url.replace(/\/+$/, "")}/commentThreads`, {
      part: "snippet,replies",
      videoId: postExternalId,
      order: "time",
      textFormat: "plainText",
      maxResults: "100",
      pageToken,
    });
    const res = await googleJson(ctx, url, auth, { schema: ZThreads, what: "commentThreads.list" });
    for (const thread of res.items) {
      const top = thread.snippet.topLevelComment;
      out.push(commentOf(top, postExternalId, postExternalId));
      for (const reply of thread.replies?.comments ?? [])
        out.push(commentOf(reply, postExternalId, reply.snippet.parentId ?? top.id));
    }
    pageToken = res.nextPageToken;
    if (!pageToken) break;
  }
  return out;
};

export const youtubeCommentSync: CommentSync<{ api_url: string }> = {
  emitsCreated: false,
  postPollMs: FRESH_POLL_MS,
  listPostComments: listVideoComments,
};
