import { z } from "zod";
import { NetworkError } from "../errors";
import type { CommentDraft, CommentRef, CommentSync, Comments, CreatedComment, InboundComment } from "../types";
import type { TikTokSettings } from "./index";
import { businessApi } from "./business-api";

// TikTok comments through the API for Business (business-api.ts), on profiles connected on or after
// 2026-09-30 (the connector's `connectedFrom`):
//   list      GET  /comment/list/?business_id&video_id&include_replies=true&sort_field=create_time
//                  &sort_order=desc&max_count=30[&cursor]: comments and replies (parent_comment_id), newest
//                  first, at most MAX_PAGES pages per poll
//   comment   POST /comment/create/ {business_id, video_id, text}
//   reply     POST /comment/reply/create/ {business_id, video_id, comment_id, text}
//   read-back the list above: the account's own comment (owner) with the same text and parent, since the
//             first attempt
//   delete    POST /comment/delete/ {business_id, comment_id} (already gone: comment_not_found, resolved)
//   hide      POST /comment/hide/ {business_id, video_id, comment_id, action: HIDE|UNHIDE}
//   like      POST /comment/like/ {business_id, comment_id, action: LIKE|UNLIKE}
//   pin       POST /comment/pin/ {business_id, video_id, comment_id, action: PIN|UNPIN}

type Ctx = { settings: TikTokSettings; fetch: typeof fetch };
const MAX_PAGES = 5;
const businessId = (auth: CommentRef["auth"]) => {
  if (!auth.externalId) throw new NetworkError("auth_expired", "TikTok profile has no account id; reconnect it");
  return auth.externalId;
};
// TikTok replies are one level deep: a reply to a reply answers the thread's top-level comment.
const parentOf = (draft: CommentDraft) => draft.rootExternalId ?? draft.parentExternalId;
const PAGE_SIZE = "30";
const POLL_MS = 15 * 60_000;
const SKEW_MS = 60_000;

const ZComment = z
  .object({
    comment_id: z.string(),
    video_id: z.string().optional(),
    user_id: z.string().optional(),
    create_time: z.coerce.number().optional(),
    text: z.string().optional(),
    likes: z.number().optional(),
    replies: z.number().optional(),
    owner: z.boolean().optional(),
    liked: z.boolean().optional(),
    pinned: z.boolean().optional(),
    status: z.string().optional(),
    username: z.string().optional(),
    display_name: z.string().optional(),
    profile_image: z.string().optional(),
    parent_comment_id: z.string().optional(),
  })
  .loose();
type TikTokComment = z.infer<typeof ZComment>;
const ZList = z.object({
  comments: z.array(ZComment).default([]),
  cursor: z.coerce.number().optional(),
  has_more: z.boolean().optional(),
});
const ZCreated = z.object({ comment_id: z.string(), create_time: z.coerce.number().optional() }).loose();

const dateOf = (seconds: number | undefined) => (seconds ? new Date(seconds * 1000) : null);

// Every comment and reply on one video, newest first (MAX_PAGES pages at most).
const listAll = async (ctx: Ctx, auth: CommentRef["auth"], videoId: string) => {
  const out: TikTokComment[] = [];
  let cursor: number | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const data = ZList.parse(
      await businessApi(ctx, auth, "/comment/list/", {
        query: {
          business_id: businessId(auth),
          video_id: videoId,
          include_replies: "true",
          sort_field: "create_time",
          sort_order: "desc",
          max_count: PAGE_SIZE,
          ...(cursor !== undefined && { cursor: String(cursor) }),
        },
      }),
    );
    out.push(...data.comments);
    if (!data.has_more || data.cursor === undefined) break;
    cursor = data.cursor;
  }
  return out;
};

const inboundOf = (c: TikTokComment, videoId: string): InboundComment => ({
  externalId: c.comment_id,
  parentExternalId: c.parent_comment_id || videoId,
  body: c.text ?? "",
  authorExternalId: c.user_id ?? null,
  authorUsername: c.username ?? null,
  authorName: c.display_name ?? null,
  authorAvatarUrl: c.profile_image ?? null,
  metadata: null,
  likeCount: c.likes ?? null,
  isHidden: c.status ? c.status === "HIDDEN" : null,
  permalink: null,
  platformData: {
    ...(c.pinned !== undefined && { pinned: c.pinned }),
    ...(c.liked !== undefined && { liked: c.liked }),
    ...(c.owner !== undefined && { owner: c.owner }),
  },
  attachments: [],
  postedAt: dateOf(c.create_time),
});

export const tiktokCommentSync: CommentSync<TikTokSettings> = {
  emitsCreated: true,
  postPollMs: POLL_MS,
  listPostComments: async (ctx, { auth, postExternalId }) =>
    (await listAll(ctx, auth, postExternalId)).map((c) => inboundOf(c, postExternalId)),
};

const createdOf = (c: { comment_id: string; create_time?: number }): CreatedComment => ({
  externalId: c.comment_id,
  postedAt: dateOf(c.create_time),
});
const sameText = (a: string | undefined, b: string) => (a ?? "").trim() === b.trim();
const isOurs = (draft: CommentDraft, c: TikTokComment) =>
  c.owner === true &&
  sameText(c.text, draft.body) &&
  (c.parent_comment_id || null) === parentOf(draft) &&
  (c.create_time ?? 0) * 1000 >= draft.since.getTime() - SKEW_MS;

const action = async (ctx: Ctx, ref: CommentRef, path: string, fields: Record<string, unknown>) => {
  await businessApi(ctx, ref.auth, path, {
    body: { business_id: businessId(ref.auth), comment_id: ref.externalId, ...fields },
  });
};

export const tiktokComments: Comments<TikTokSettings> = {
  create: async (ctx, draft) => {
    const base = { business_id: businessId(draft.auth), video_id: draft.postExternalId, text: draft.body };
    const parent = parentOf(draft);
    const data = parent
      ? await businessApi(ctx, draft.auth, "/comment/reply/create/", {
          body: { ...base, comment_id: parent },
        })
      : await businessApi(ctx, draft.auth, "/comment/create/", { body: base });
    return createdOf(ZCreated.parse(data));
  },
  // A failed read-back cannot tell whether the comment exists: outcome_unknown (an expired token is
  // refreshed and retried by the caller).
  findCreated: async (ctx, draft) => {
    try {
      const hit = (await listAll(ctx, draft.auth, draft.postExternalId)).find((c) => isOurs(draft, c));
      return hit ? createdOf(hit) : null;
    } catch (err) {
      if (err instanceof NetworkError && err.kind === "auth_expired") throw err;
      throw new NetworkError(
        "outcome_unknown",
        `Could not read back the comment from TikTok: ${err instanceof Error ? err.message : "unexpected error"}`,
      );
    }
  },
  delete: async (ctx, ref) => {
    await businessApi(ctx, ref.auth, "/comment/delete/", {
      body: { business_id: businessId(ref.auth), comment_id: ref.externalId },
      okCodes: ["comment_not_found"],
    });
  },
  hide: (ctx, ref) =>
    action(ctx, ref, "/comment/hide/", { video_id: ref.postExternalId, action: ref.hidden ? "HIDE" : "UNHIDE" }),
  like: (ctx, ref) => action(ctx, ref, "/comment/like/", { action: ref.liked ? "LIKE" : "UNLIKE" }),
  pin: (ctx, ref) =>
    action(ctx, ref, "/comment/pin/", { video_id: ref.postExternalId, action: ref.pinned ? "PIN" : "UNPIN" }),
};
