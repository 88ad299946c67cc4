import { ZErrorBody } from "@/lib/schemas/common";
import {
  ZBulkCommentList,
  ZComment,
  ZCommentList,
  ZCommentsQuery,
  ZPostCommentParams,
  ZPostCommentQuery,
  ZPostCommentsParams,
  ZPostCommentsQuery,
} from "@/lib/schemas/comments";
import { defineEndpoint } from "./define";
import { R400, R401, R404 } from "./responses";

const tag = "Comments";

const R405 = { 405: { description: "Comments are not supported on this network (`Unsupported method for <network>`)", schema: ZErrorBody } };

export const listComments = defineEndpoint({
  operationId: "listComments",
  method: "GET",
  path: "/api/comments",
  tag,
  summary: "Comments across posts and profiles, flat, newest first",
  description:
    "Optional filters: `post_ids` (comma-separated; a thread's root post includes comments on its other links), `profiles` (comma-separated profile ids or network names), `from`/`to` (ISO 8601 on `created_at`; a bare date is the start of that day; unparseable gives 400), `profile_group_id`. Unknown or out-of-scope ids match nothing. `page` is 1-based (0 is treated as 1), `per_page` default 20, at most 100. Each entry is a comment plus `post_id` (the root post), `profile_id` and `platform`; replies are entries of their own.",
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
  responses: { 200: { description: "A page of top-level comments", schema: ZCommentList }, ...R400, ...R401, ...R404, ...R405 },
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
