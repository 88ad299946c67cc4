import { z } from "zod";
import { NetworkError } from "../errors";
import type { CommentDraft, CommentRef, CommentSync, Comments, CreatedComment, InboundComment } from "../types";
import type { TikTokSettings } from "./index";
import { NOT_EXIST, businessApi } from "./business-api";
import { isBusinessGrant, requireBusinessGrant } from "./business-auth";
import { videoUrl } from "./video-url";

// TikTok comments through the API for Business (business-api.ts), on profiles connected on or after
// 2026-09-30 (the connector's `connectedFrom`). TikTok's reference: https://business-api.tiktok.com/portal/docs
// ("Get comments on an owned video" and the comment endpoints next to it); the same calls as written by
// public clients: github.com/sns-sdks/python-tiktok pytiktok/business_account_api.py,
// github.com/bububa/tiktok-business model/business/comment/*.go, github.com/aoyagikouhei/tiktok-business
// maker/apis/*.yaml.
//   list      GET  /comment/list/?business_id&video_id&include_replies=true&sort_field=create_time
//                  &sort_order=desc&max_count=30[&cursor]: top-level comments, public and hidden, each
//                  with at most 3 of its replies in `reply_list`; {comments, cursor, has_more}
//   replies   GET  /comment/reply/list/?business_id&video_id&comment_id&sort_field&sort_order&max_count
//                  [&cursor]: every reply to one comment (asked when `replies` exceeds its `reply_list`)
//   comment   POST /comment/create/ {business_id, video_id, text} -> {comment_id, video_id, create_time, text}
//   reply     POST /comment/reply/create/ {business_id, video_id, comment_id, text} (same answer)
//   read-back the list above (or the parent's replies): the account's own comment (owner) with the same
//             text and parent, since the first attempt
//   delete    POST /comment/delete/ {business_id, comment_id} (already gone: 40007, resolved)
//   hide      POST /comment/hide/ {business_id, video_id, comment_id, action: HIDE|UNHIDE}
//   like      POST /comment/like/ {business_id, comment_id, action: LIKE|UNLIKE}
//   pin       POST /comment/pin/ {business_id, video_id, comment_id, action: PIN|UNPIN}
// Only a profile connected through TikTok's Authorization for Business (business-auth.ts) holds a token the
// API for Business takes: for any other, writes are refused before calling TikTok and polls read nothing.
// Text is at most 150 characters. A TikTok comment has no URL of its own; `permalink` is its video's
// public URL when the video is known (video-url.ts).

type Ctx = { settings: TikTokSettings; fetch: typeof fetch };
type Auth = CommentRef["auth"];
const MAX_PAGES = 5; // top-level pages per poll, and pages per read-back
const MAX_REPLY_CALLS = 15; // reply pages per poll, over all threads
const PAGE_SIZE = "30"; // max_count: 1 to 30
const ORDER = { sort_field: "create_time", sort_order: "desc" };
const POLL_MS = 15 * 60_000;
const SKEW_MS = 60_000;

const businessId = (auth: Auth) => {
  requireBusinessGrant(auth, "comments");
  if (!auth.externalId) throw new NetworkError("auth_expired", "TikTok profile has no account id; reconnect it");
  return auth.externalId;
};
// TikTok replies are one level deep: a reply to a reply answers the thread's top-level comment.
const parentOf = (draft: CommentDraft) => draft.rootExternalId ?? draft.parentExternalId;

const ZFields = z.object({
  comment_id: z.string(),
  video_id: z.string().optional(),
  user_id: z.string().optional(),
  unique_identifier: z.string().optional(),
  create_time: z.coerce.number().optional(), // a string of epoch seconds in lists, a number in create answers
  text: z.string().optional(),
  image_url: z.string().optional(),
  likes: z.number().optional(),
  replies: z.number().optional(),
  owner: z.boolean().optional(),
  liked: z.boolean().optional(),
  pinned: z.boolean().optional(),
  status: z.string().optional(), // PUBLIC | HIDDEN
  username: z.string().optional(),
  display_name: z.string().optional(),
  profile_image: z.string().optional(),
  parent_comment_id: z.string().optional(),
});
const ZComment = ZFields.extend({ reply_list: z.array(ZFields.loose()).optional() }).loose();
type TikTokComment = z.infer<typeof ZFields>;
const ZList = z.object({
  comments: z.array(ZComment).default([]),
  cursor: z.coerce.number().optional(),
  has_more: z.boolean().optional(),
});
const ZCreated = ZFields.pick({ comment_id: true, create_time: true }).loose();

const dateOf = (seconds: number | undefined) => (seconds ? new Date(seconds * 1000) : null);

// Pages of one list endpoint, following `cursor` while `has_more`, one call per page while `budget` lasts.
type Budget = { calls: number };
const pages = async (ctx: Ctx, auth: Auth, path: string, query: Record<string, string>, budget: Budget) => {
  const out: z.infer<typeof ZComment>[] = [];
  let cursor: number | undefined;
  while (budget.calls > 0) {
    budget.calls -= 1;
    const data = ZList.parse(
      await businessApi(ctx, auth, path, {
        query: { ...query, ...(cursor !== undefined && { cursor: String(cursor) }) },
      }),
    );
    out.push(...data.comments);
    if (!data.has_more || data.cursor === undefined) break;
    cursor = data.cursor;
  }
  return out;
};
const base = (auth: Auth, videoId: string) => ({ business_id: businessId(auth), video_id: videoId });
const topLevel = (ctx: Ctx, auth: Auth, videoId: string, extra: Record<string, string>) => {
  const query = { ...base(auth, videoId), ...extra, ...ORDER, max_count: PAGE_SIZE };
  return pages(ctx, auth, "/comment/list/", query, { calls: MAX_PAGES });
};
const repliesTo = (ctx: Ctx, auth: Auth, videoId: string, commentId: string, budget: Budget) =>
  pages(
    ctx,
    auth,
    "/comment/reply/list/",
    { ...base(auth, videoId), comment_id: commentId, ...ORDER, max_count: PAGE_SIZE },
    budget,
  );

// Every comment and reply on one video (within the page budgets), replies with their parent's id.
const listAll = async (ctx: Ctx, auth: Auth, videoId: string) => {
  const top = await topLevel(ctx, auth, videoId, { include_replies: "true" });
  const all = new Map<string, TikTokComment>();
  const replyBudget = { calls: MAX_REPLY_CALLS };
  for (const { reply_list: shown = [], ...c } of top) {
    all.set(c.comment_id, c);
    const more = (c.replies ?? 0) > shown.length && replyBudget.calls > 0;
    const replies: TikTokComment[] = more ? await repliesTo(ctx, auth, videoId, c.comment_id, replyBudget) : shown;
    for (const r of replies) all.set(r.comment_id, { ...r, parent_comment_id: r.parent_comment_id || c.comment_id });
  }
  return [...all.values()];
};

const inboundOf = (c: TikTokComment, videoId: string, permalink: string | null): InboundComment => ({
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
  permalink,
  platformData: {
    ...(c.pinned !== undefined && { pinned: c.pinned }),
    ...(c.liked !== undefined && { liked: c.liked }),
    ...(c.owner !== undefined && { owner: c.owner }),
    ...(c.unique_identifier !== undefined && { unique_identifier: c.unique_identifier }),
  },
  attachments: c.image_url ? [{ type: "image", url: c.image_url }] : [],
  postedAt: dateOf(c.create_time),
});

export const tiktokCommentSync: CommentSync<TikTokSettings> = {
  emitsCreated: true,
  postPollMs: POLL_MS,
  // A Login Kit profile is skipped quietly: nothing to read with its token, and nothing wrong to report
  // on every poll (its writes say to reconnect).
  listPostComments: async (ctx, { auth, postExternalId }) => {
    if (!isBusinessGrant(auth)) return [];
    const permalink = await videoUrl(ctx, auth, postExternalId);
    return (await listAll(ctx, auth, postExternalId)).map((c) => inboundOf(c, postExternalId, permalink));
  },
};

// The comment made, with its video's URL when TikTok gives it (the comment exists whatever that lookup does).
const createdOf = async (
  ctx: Ctx,
  draft: CommentDraft,
  c: { comment_id: string; create_time?: number },
): Promise<CreatedComment> => ({
  externalId: c.comment_id,
  permalink: await videoUrl(ctx, draft.auth, draft.postExternalId).catch(() => null),
  postedAt: dateOf(c.create_time),
});
const sameText = (a: string | undefined, b: string) => (a ?? "").trim() === b.trim();
const isOurs = (draft: CommentDraft, parent: string | null, c: TikTokComment) =>
  c.owner === true &&
  sameText(c.text, draft.body) &&
  (c.parent_comment_id || null) === parent &&
  (c.create_time ?? 0) * 1000 >= draft.since.getTime() - SKEW_MS;

const action = async (ctx: Ctx, ref: CommentRef, path: string, fields: Record<string, unknown>) => {
  await businessApi(ctx, ref.auth, path, {
    body: { business_id: businessId(ref.auth), comment_id: ref.externalId, ...fields },
  });
};

export const tiktokComments: Comments<TikTokSettings> = {
  create: async (ctx, draft) => {
    const body = { ...base(draft.auth, draft.postExternalId), text: draft.body };
    const parent = parentOf(draft);
    const data = parent
      ? await businessApi(ctx, draft.auth, "/comment/reply/create/", { body: { ...body, comment_id: parent } })
      : await businessApi(ctx, draft.auth, "/comment/create/", { body });
    return createdOf(ctx, draft, ZCreated.parse(data));
  },
  // Reads the thread the comment went to: the parent's replies, or the video's top-level comments. A
  // failed read-back cannot tell whether the comment exists: outcome_unknown (an expired token is
  // refreshed and retried by the caller).
  findCreated: async (ctx, draft) => {
    requireBusinessGrant(draft.auth, "comments");
    const parent = parentOf(draft);
    try {
      const seen = parent
        ? (await repliesTo(ctx, draft.auth, draft.postExternalId, parent, { calls: MAX_PAGES })).map((r) => ({
            ...r,
            parent_comment_id: r.parent_comment_id || parent,
          }))
        : await topLevel(ctx, draft.auth, draft.postExternalId, {});
      const hit = seen.find((c) => isOurs(draft, parent, c));
      return hit ? createdOf(ctx, draft, hit) : null;
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
      okCodes: [NOT_EXIST],
    });
  },
  hide: (ctx, ref) =>
    action(ctx, ref, "/comment/hide/", { video_id: ref.postExternalId, action: ref.hidden ? "HIDE" : "UNHIDE" }),
  like: (ctx, ref) => action(ctx, ref, "/comment/like/", { action: ref.liked ? "LIKE" : "UNLIKE" }),
  pin: (ctx, ref) =>
    action(ctx, ref, "/comment/pin/", { video_id: ref.postExternalId, action: ref.pinned ? "PIN" : "UNPIN" }),
};
