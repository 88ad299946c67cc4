import { ZDeleted } from "@/lib/schemas/common";
import { listOf } from "@/lib/schemas/lists";
import {
  ZCreatePostQueueBody,
  ZCreatePostQueueDoc,
  ZListPostQueuesQuery,
  ZNextSlot,
  ZPostQueue,
  ZPostQueueParams,
  ZQueuedPost,
  ZQueuedPostParams,
  ZQueuePostsQuery,
  ZSetQueuedPostPriorityBody,
  ZUpdatePostQueueBody,
  ZUpdatePostQueueDoc,
} from "@/lib/schemas/post-queues";
import { defineEndpoint } from "./define";
import { R400, R401, R404, R409, R422 } from "./responses";

const tag = "Queues";

export const listPostQueues = defineEndpoint({
  operationId: "listPostQueues",
  method: "GET",
  path: "/api/post_queues",
  tag,
  summary: "List posting queues",
  description: "Queues of the caller's environment, oldest first; a scoped key sees only its group's queues.",
  auth: "apiKey",
  query: ZListPostQueuesQuery,
  responses: { 200: { description: "Queues", schema: listOf(ZPostQueue) }, ...R401 },
});

export const getPostQueue = defineEndpoint({
  operationId: "getPostQueue",
  method: "GET",
  path: "/api/post_queues/{id}",
  tag,
  summary: "Get a posting queue",
  auth: "apiKey",
  params: ZPostQueueParams,
  responses: { 200: { description: "The queue", schema: ZPostQueue }, ...R401, ...R404 },
});

export const getPostQueueNextSlot = defineEndpoint({
  operationId: "getPostQueueNextSlot",
  method: "GET",
  path: "/api/post_queues/{id}/next_slot",
  tag,
  summary: "Next available slot",
  description:
    "The first future slot no waiting post of the queue occupies: the slot a post added now at the end of the queue would get (before jitter). 422 when the queue has no timeslots.",
  auth: "apiKey",
  params: ZPostQueueParams,
  responses: { 200: { description: "The slot", schema: ZNextSlot }, ...R401, ...R404, ...R422 },
});

export const createPostQueue = defineEndpoint({
  operationId: "createPostQueue",
  method: "POST",
  path: "/api/post_queues",
  tag,
  summary: "Create a posting queue",
  description:
    '`timezone` is an IANA name (default `UTC`); `jitter` 0 to 60 minutes (default 0); each timeslot is `{day: 0-6 (0 = Sunday), time: "HH:MM"}` in the queue\'s timezone. A repeated day and time is one slot.',
  auth: "apiKey",
  body: ZCreatePostQueueBody,
  docBody: ZCreatePostQueueDoc,
  idempotent: true,
  responses: { 201: { description: "Created", schema: ZPostQueue }, ...R400, ...R401, ...R409, ...R422 },
});

export const updatePostQueue = defineEndpoint({
  operationId: "updatePostQueue",
  method: "PATCH",
  path: "/api/post_queues/{id}",
  tag,
  summary: "Update a posting queue",
  description:
    "Any of `name`, `description`, `timezone`, `enabled`, `jitter`, `queue_timeslots_attributes` (`{day, time}` adds a slot, an existing one is ignored; `{id, _destroy: true}` removes one). Timeslot, timezone and jitter changes and resuming (`enabled` false to true) rearrange the queue's posts; `enabled: false` pauses publishing.",
  auth: "apiKey",
  params: ZPostQueueParams,
  body: ZUpdatePostQueueBody,
  docBody: ZUpdatePostQueueDoc,
  idempotent: true,
  responses: { 200: { description: "Updated", schema: ZPostQueue }, ...R400, ...R401, ...R404, ...R409, ...R422 },
});

export const deletePostQueue = defineEndpoint({
  operationId: "deletePostQueue",
  method: "DELETE",
  path: "/api/post_queues/{id}",
  tag,
  summary: "Delete a posting queue",
  description: "Its posts stay, with their `scheduled_at`, and lose their queue reference.",
  auth: "apiKey",
  params: ZPostQueueParams,
  idempotent: true,
  responses: { 200: { description: "Deleted", schema: ZDeleted }, ...R401, ...R404, ...R409 },
});

// Admin calendar (staff session only).
const adminTag = "Admin (staff session)";

export const listQueuedPosts = defineEndpoint({
  operationId: "adminListQueuedPosts",
  method: "GET",
  path: "/api/admin/post_queues/{id}/posts",
  tag: adminTag,
  summary: "Posts waiting in a queue",
  description: "Waiting posts placed in [`from`, `to`), plus those without a slot, in publishing order (at most 1000).",
  auth: "session",
  params: ZPostQueueParams,
  query: ZQueuePostsQuery,
  responses: { 200: { description: "Posts", schema: listOf(ZQueuedPost) }, ...R400, ...R401, ...R404 },
});

export const setQueuedPostPriority = defineEndpoint({
  operationId: "adminSetQueuedPostPriority",
  method: "PATCH",
  path: "/api/admin/queued_posts/{id}",
  tag: adminTag,
  summary: "Change a queued post's priority",
  description: "Rearranges the post's queue. 422 when the post is in no queue.",
  auth: "session",
  params: ZQueuedPostParams,
  body: ZSetQueuedPostPriorityBody,
  responses: { 200: { description: "The post", schema: ZQueuedPost }, ...R400, ...R401, ...R404, ...R422 },
});
