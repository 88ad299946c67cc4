import { ZErrorBody } from "@/lib/schemas/common";
import {
  ZAccepted,
  ZBulkCommentList,
  ZCreateCommentBody,
  ZCreateCommentDoc,
  ZComment,
  ZCommentList,
  ZCommentsQuery,
  ZPostCommentParams,
  ZPostCommentQuery,
  ZPostCommentWriteQuery,
  ZCommentActionBody,
  ZPostCommentsParams,
  ZPostCommentsQuery,
  ZPrivateReplyBody,
  ZPrivateReplyDoc,
} from "@/lib/schemas/comments";
import { ZMessage } from "@/lib/schemas/messages";
import { defineEndpoint } from "./define";
import { R400, R401, R404, R409, R422 } from "./responses";

const tag = "Comments";

const R405 = {
  405: {
    description: "Comments are not supported on this network (`Unsupported method for <network>`)",
    schema: ZErrorBody,
  },
};

export const listComments = defineEndpoint({
  operationId: "listComments",
  method: "GET",
  path: "/api/comments",
  tag,
  summary: "Comments across posts and profiles, flat, newest first",
  description:
    "Optional filters: `post_ids` (comma-separated; a thread's root post includes comments on its other links), `profiles` (comma-separated profile ids or network names), `from`/`to` (ISO 8601 on `created_at`; a bare date is the start of that day; unparseable gives 400), `profile_group_id`. Unknown or out-of-scope ids match nothing. `page` is 1-based (0 is treated as 1), `per_page` default 20, at most 100. Each entry is a comment plus `post_id` (the root post), `profile_id` and `platform`; replies are entries of their own. Extensions for the admin inbox: `status` (`needs_reply`: a comment from the network, not hidden, not answered; `replied`: answered by a published reply of ours or by the profile's own account or page on the network; `hidden`), `q` (case-insensitive text in the body or the author's username), and each entry's `supported_actions` (the writes its network takes on it now, from the connector's comments capability; empty while the comment has no network id).",
  auth: "apiKey",
  query: ZCommentsQuery,
  responses: { 200: { description: "A page of comments", schema: ZBulkCommentList }, ...R400, ...R401 },
});

export const listPostComments = defineEndpoint({
  operationId: "listPostComments",
  method: "GET",
  path: "/api/posts/{id}/comments",
  tag,
  summary: "Top-level comments of a post on one profile, each with all its replies",
  description:
    "`profile_id` is required (400 without). Pagination counts top-level comments, oldest first (`page` 1-based, 0 treated as 1; `per_page` default 20, at most 100); `from`/`to` (ISO 8601, a bare date is the start of that day, unparseable gives 400) filter top-level comments on `created_at`, and a matching comment brings all its replies. Every reply at any depth is flattened into its root comment's `replies`, oldest first, keeping `parent_external_id`. A post on a network without comments answers 405.",
  auth: "apiKey",
  params: ZPostCommentsParams,
  query: ZPostCommentsQuery,
  responses: {
    200: { description: "A page of top-level comments", schema: ZCommentList },
    ...R400,
    ...R401,
    ...R404,
    ...R405,
  },
});

export const getPostComment = defineEndpoint({
  operationId: "getPostComment",
  method: "GET",
  path: "/api/posts/{id}/comments/{comment_id}",
  tag,
  summary: "One comment with its direct replies",
  description: "`comment_id` is the comment's id or the network's id of it. `profile_id` is required (400 without).",
  auth: "apiKey",
  params: ZPostCommentParams,
  query: ZPostCommentQuery,
  responses: { 200: { description: "The comment", schema: ZComment }, ...R400, ...R401, ...R404, ...R405 },
});

export const createPostComment = defineEndpoint({
  operationId: "createPostComment",
  method: "POST",
  path: "/api/posts/{id}/comments",
  tag,
  summary: "Comment on a published post, or reply to one of its comments",
  description:
    "`profile_id` is required, in the query or the JSON body (400 without). Body: `body` (or `text`), and `parent_id` (the comment answered: its id or the network's id) to reply. Answers 201 with the comment in status `pending` (`external_id` null); it is published asynchronously: `published` with `external_id`, or `failed` with `error` and `error_details`; a transient failure is `failed_waiting_for_retry` and retried (after 1, 5 and 30 minutes, 4 attempts in all); an attempt that got no answer is looked for on the network before any retry, and ends `delivery_unconfirmed` when the network cannot tell (never sent twice). 404 `Parent comment not found`; 422 `Post is not published`; 405 on networks that take no comments through their API. Sandbox profiles: `#sandbox-fail`, `#sandbox-retry`, `#sandbox-timeout`, `#sandbox-unconfirmed`, `#sandbox-auth` in the body rehearse each outcome. Honours Idempotency-Key.",
  auth: "apiKey",
  params: ZPostCommentsParams,
  query: ZPostCommentWriteQuery,
  body: ZCreateCommentBody,
  docBody: ZCreateCommentDoc,
  idempotent: true,
  responses: {
    201: { description: "The comment, pending", schema: ZComment },
    ...R400,
    ...R401,
    ...R404,
    ...R405,
    ...R409,
    ...R422,
  },
});

// DELETE …/comments/{comment_id} and the POST actions: answered at once, carried out on the network.
const action = (
  operationId: string,
  method: "POST" | "PUT" | "DELETE",
  suffix: string,
  summary: string,
  networks: string,
) =>
  defineEndpoint({
    operationId,
    method,
    path: `/api/posts/{id}/comments/{comment_id}${suffix}`,
    tag,
    summary,
    description: `\`comment_id\` is the comment's id or the network's id of it; \`profile_id\` is required, in the query or the JSON body (400 without). Answers \`{accepted: true}\` at once; the network is called in the background. ${networks} Other networks answer 405 \`Unsupported method for <network>\`; a comment of ours that has not been published yet answers 422 \`Comment has not been published yet\`.`,
    auth: "apiKey",
    params: ZPostCommentParams,
    query: ZPostCommentWriteQuery,
    body: ZCommentActionBody,
    responses: { 200: { description: "Accepted", schema: ZAccepted }, ...R400, ...R401, ...R404, ...R405, ...R422 },
  });

export const deletePostComment = action(
  "deletePostComment",
  "DELETE",
  "",
  "Delete a comment on the network",
  "Supported on facebook, instagram, youtube and tiktok profiles connected on or after 2026-09-30 (youtube and tiktok: only the account's own comments); the comment leaves the lists once the network has removed it.",
);
export const hidePostComment = action(
  "hidePostComment",
  "POST",
  "/hide",
  "Hide a comment",
  "Supported on facebook, instagram, threads and tiktok profiles connected on or after 2026-09-30; `is_hidden` becomes true once the network has hidden it.",
);
export const unhidePostComment = action(
  "unhidePostComment",
  "POST",
  "/unhide",
  "Unhide a comment",
  "Supported on facebook, instagram, threads and tiktok (newer profiles).",
);
export const likePostComment = action(
  "likePostComment",
  "POST",
  "/like",
  "Like a comment as the profile",
  "Supported on facebook and tiktok profiles connected on or after 2026-09-30; `like_count` grows by one once the network has recorded the like.",
);
// n8n likes with PUT (the n8n node): the same action.
export const likePostCommentPut = action(
  "likePostCommentPut",
  "PUT",
  "/like",
  "Like a comment as the profile (PUT, as n8n sends it)",
  "The same as POST …/like. Supported on facebook and tiktok (newer profiles).",
);
export const unlikePostComment = action(
  "unlikePostComment",
  "POST",
  "/unlike",
  "Remove the profile's like",
  "Supported on facebook and tiktok (newer profiles).",
);
export const pinPostComment = action(
  "pinPostComment",
  "POST",
  "/pin",
  "Pin a comment",
  "Supported on tiktok profiles connected on or after 2026-09-30; `is_pinned` becomes true once TikTok has pinned it.",
);
export const unpinPostComment = action(
  "unpinPostComment",
  "POST",
  "/unpin",
  "Unpin a comment",
  "Supported on tiktok, like pin.",
);

export const privateReplyToComment = defineEndpoint({
  operationId: "privateReplyToComment",
  method: "POST",
  path: "/api/posts/{id}/comments/{comment_id}/private_reply",
  tag,
  summary: "Send a direct message to the commenter (a private reply)",
  description:
    "Instagram and facebook (other networks answer 405 `Unsupported method for <network>`). `comment_id` is the comment's id or the network's id of it; `profile_id` is required (400 without). Body: `text` (`body` is accepted as an alias). The message goes to the comment itself (the network finds the commenter), outside the 24-hour messaging window, up to 7 days after the comment and once per comment: 422 naming why otherwise (too old, already answered privately, the profile's own comment, `Comment has not been published yet`, `Post is not published`); a private reply that ended `failed` may be sent again. Answers 202 with the Message, `pending`, in the commenter's chat (found or created; once the network answers the commenter's messaging id the message is in that participant's chat); it is sent like any message (`message.sent`, `message.failed`, retries, `delivery_unconfirmed`, never twice), and the comment records it (`private_reply_message_id`). Honours Idempotency-Key.",
  auth: "apiKey",
  params: ZPostCommentParams,
  query: ZPostCommentQuery,
  body: ZPrivateReplyBody,
  docBody: ZPrivateReplyDoc,
  idempotent: true,
  responses: {
    202: { description: "The private reply, pending", schema: ZMessage },
    ...R400,
    ...R401,
    ...R404,
    ...R405,
    ...R409,
    ...R422,
  },
});
