import { z } from "zod";
import { ZDeleted } from "@/lib/schemas/common";
import { paginatedListOf } from "@/lib/schemas/lists";
import {
  ZCreatePostBody,
  ZDeleteOnPlatformBody,
  ZDeleteOnPlatformResponse,
  ZDeletePostQuery,
  ZListPostsQuery,
  ZPost,
  ZPostParams,
  ZUpdatePostBody,
} from "@/lib/schemas/posts";
import { defineEndpoint } from "./define";
import { R400, R401, R404, R409, R422 } from "./responses";

const tag = "Posts";

export const listPosts = defineEndpoint({
  operationId: "listPosts",
  method: "GET",
  path: "/api/posts",
  tag,
  summary: "List posts",
  description:
    "Newest first; `page` is zero-based (default 0), `per_page` default 10 (max 100). Filters: `status` (post statuses, or `published`/`failed` for platform outcomes), `platforms` (comma list, `platforms[]` or repeated), `scheduled_after` (alias `scheduled_at`), `scheduled_from` (at or after) and `scheduled_to` (before) for a time range (posts without a time are left out), `profile_group_id`. Thread children appear inside their root post only.",
  auth: "apiKey",
  query: ZListPostsQuery,
  responses: { 200: { description: "A page of posts", schema: paginatedListOf(ZPost) }, ...R400, ...R401 },
});

export const getPost = defineEndpoint({
  operationId: "getPost",
  method: "GET",
  path: "/api/posts/{id}",
  tag,
  summary: "Get a post with its media, per-network results and thread",
  auth: "apiKey",
  params: ZPostParams,
  responses: { 200: { description: "The post", schema: ZPost }, ...R401, ...R404 },
});

export const createPost = defineEndpoint({
  operationId: "createPost",
  method: "POST",
  path: "/api/posts",
  tag,
  summary: "Create a post",
  description:
    "Publishes at once (no `draft`, `scheduled_at` or `queue_id`), at `post.scheduled_at`, in the queue's next slot (`queue_id`, `queue_priority`), or keeps a draft (`post.draft`). `profiles` are profile ids or network names. Every network's rules are checked first: a 422 lists each problem with its network and field. JSON or multipart (`media[]` URL parts and files). Sandbox profiles publish to the simulated network; put `#sandbox-fail`, `#sandbox-retry`, `#sandbox-timeout`, `#sandbox-unconfirmed` or `#sandbox-auth` in the body to exercise each outcome.",
  auth: "apiKey",
  body: ZCreatePostBody,
  idempotent: true,
  multipart: true,
  responses: { 200: { description: "The created post", schema: ZPost }, ...R400, ...R401, ...R409, ...R422 },
});

export const updatePost = defineEndpoint({
  operationId: "updatePost",
  method: "PATCH",
  path: "/api/posts/{id}",
  tag,
  summary: "Edit a draft or a post scheduled more than 5 minutes ahead",
  description:
    "`post.*` fields merge; `profiles`, `media` and `thread` replace (`[]` clears); `platforms` merge per network and key; `post.draft: false` un-drafts. Other posts answer 422 `Post cannot be edited`.",
  auth: "apiKey",
  params: ZPostParams,
  body: ZUpdatePostBody,
  idempotent: true,
  multipart: true,
  responses: { 200: { description: "The updated post", schema: ZPost }, ...R400, ...R401, ...R404, ...R409, ...R422 },
});

export const publishPost = defineEndpoint({
  operationId: "publishPost",
  method: "POST",
  path: "/api/posts/{id}/publish",
  tag,
  summary: "Publish a draft, or retry a post's failed networks",
  description:
    "A draft goes out at once, at its `scheduled_at`, or in its queue slot. A processed post whose platform posts `failed` publishes those again, and only those: each such profile's failed links go back to `pending` and are sent once more; published links are never sent again, and `delivery_unconfirmed` ones are not retried (the network may hold the post). 422 for other posts, or when no network has failed (`Only drafts, or posts with failed networks, can be published`).",
  auth: "apiKey",
  params: ZPostParams,
  body: z.object({}).passthrough(),
  idempotent: true,
  responses: { 200: { description: "The post", schema: ZPost }, ...R401, ...R404, ...R409, ...R422 },
});

export const deletePost = defineEndpoint({
  operationId: "deletePost",
  method: "DELETE",
  path: "/api/posts/{id}",
  tag,
  summary: "Delete a post",
  description:
    "Default: only this service's record (posts on networks stay). `delete_on_platform=true`: the published copies are deleted from their networks first (asynchronously), then the record; 422 when a network cannot delete posts (instagram, tiktok).",
  auth: "apiKey",
  params: ZPostParams,
  query: ZDeletePostQuery,
  responses: { 200: { description: "Deleted", schema: ZDeleted }, ...R401, ...R404, ...R422 },
});

export const deletePostOnPlatform = defineEndpoint({
  operationId: "deletePostOnPlatform",
  method: "POST",
  path: "/api/posts/{id}/delete_on_platform",
  tag,
  summary: "Delete a published post from its networks",
  description:
    "Asynchronous; the record stays. At most one scope: `post_profile_id` (a platforms[] entry id; covers its whole thread), `profile_id`, or `network`; none = every published network. Statuses move published -> pending_deletion -> deleted. Instagram and TikTok cannot delete posts (422).",
  auth: "apiKey",
  params: ZPostParams,
  body: ZDeleteOnPlatformBody,
  idempotent: true,
  responses: {
    200: { description: "What is being deleted", schema: ZDeleteOnPlatformResponse },
    ...R401,
    ...R404,
    ...R409,
    ...R422,
  },
});
