import { z } from "zod";
import { zBooleanString } from "./boolean-string";
import { zId, zIdParams, ZPlatform, zTimestamp } from "./common";
import { zPageQuery } from "./lists";

// Posts (API reference, tag "Posts": lib/contracts/posts.ts). Isomorphic: the API and the admin composer.

export const POST_STATUSES = [
  "draft",
  "pending",
  "scheduled",
  "processing",
  "processed",
  "media_processing_failed",
] as const;
export const PLATFORM_POST_STATUSES = [
  "pending",
  "processing",
  "published",
  "failed",
  "failed_waiting_for_retry",
  "delivery_unconfirmed",
  "pending_deletion",
  "deleted",
] as const;
export const QUEUE_PRIORITIES = ["high", "medium", "low"] as const;
export const ZQueuePriority = z.enum(QUEUE_PRIORITIES, { error: "queue_priority must be high, medium or low" });

export const ZPostParams = zIdParams("post");

// A media entry: a URL, or (multipart) an uploaded file.
const isFile = (v: unknown): v is File => typeof File !== "undefined" && v instanceof File;
export const ZMediaRef = z.union([
  z.url({ protocol: /^https?$/, error: "media entries must be http(s) URLs or uploaded files" }).max(4000),
  z.custom<File>(isFile, "media entries must be http(s) URLs or uploaded files"),
]);

const ZScheduledAt = zTimestamp("scheduled_at must be an ISO 8601 timestamp").transform((s) => new Date(s));

export const ZPostFields = z.object({
  body: z.string().max(100_000, "body is too long").optional(),
  scheduled_at: ZScheduledAt.nullable().optional(),
  draft: zBooleanString().optional(),
});

const ZThreadEntry = z.object({
  body: z.string({ error: "thread entries need a body" }).max(100_000),
  media: z.array(ZMediaRef).max(20).optional(),
});

const ZProfileRefs = z.array(z.string().trim().min(1, "profiles entries can't be blank").max(100)).max(50);

// platforms.<network>: each value is checked by the network's own rules (lib/networks/<p>/post-rules.ts).
const ZPlatformParams = z.partialRecord(ZPlatform, z.record(z.string(), z.unknown()), {
  error: "platforms must be an object keyed by network",
});

const createShape = {
  post: ZPostFields.optional(),
  profiles: ZProfileRefs,
  media: z.array(ZMediaRef).max(35).optional(),
  platforms: ZPlatformParams.optional(),
  thread: z.array(ZThreadEntry).max(25).optional(),
  queue_id: zId("que")
    .or(
      z
        .string()
        .length(0)
        .transform(() => undefined),
    )
    .optional(),
  queue_priority: ZQueuePriority.optional(),
  profile_group_id: zId("grp").optional(),
};

export const ZCreatePostBody = z.object({ ...createShape, profiles: ZProfileRefs.min(1, "profiles can't be empty") });
export type TCreatePostBody = z.infer<typeof ZCreatePostBody>;

// On update, `queue_id: null` takes the post out of its queue (it keeps its slot time unless
// post.scheduled_at says otherwise).
export const ZUpdatePostBody = z
  .object({
    ...createShape,
    profiles: ZProfileRefs.optional(),
    queue_id: createShape.queue_id.unwrap().nullable().optional(),
  })
  .partial();
export type TUpdatePostBody = z.infer<typeof ZUpdatePostBody>;

// GET /api/posts (lib/contracts/posts.ts): both status vocabularies, platforms in three encodings,
// scheduled_after with its SDK alias scheduled_at; scheduled_from / scheduled_to bound a time range (the
// admin calendar's visible days).
export const LIST_STATUSES = [...POST_STATUSES, "published", "failed"] as const;
const listOrComma = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(","))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));
export const ZListPostsQuery = zPageQuery({ base: 0, defaultPerPage: 10, maxPerPage: 100 }).extend({
  status: z.enum(LIST_STATUSES, { error: `status must be one of ${LIST_STATUSES.join(", ")}` }).optional(),
  platforms: listOrComma(ZPlatform).optional(),
  scheduled_after: zTimestamp().optional(),
  scheduled_at: zTimestamp().optional(),
  scheduled_from: zTimestamp("scheduled_from must be an ISO 8601 timestamp").optional(),
  scheduled_to: zTimestamp("scheduled_to must be an ISO 8601 timestamp").optional(),
  profile_group_id: z.string().optional(),
});

export const ZDeletePostQuery = z.object({
  delete_on_platform: z.enum(["true", "false"]).optional(),
  profile_group_id: z.string().optional(),
});

// Response side.
const ZErrorDetails = z
  .object({
    platform_error_code: z.string().nullable(),
    platform_error_subcode: z.string().nullable(),
    platform_error_message: z.string().nullable(),
    postproxy_note: z.string().nullable(),
  })
  .nullable();

export const ZPlatformResult = z
  .object({
    id: z.string(),
    platform: ZPlatform,
    profile_id: z.string(),
    status: z.enum(PLATFORM_POST_STATUSES),
    params: z.record(z.string(), z.unknown()).nullable(),
    error: z.string().nullable(),
    error_details: ZErrorDetails,
    attempted_at: z.string().nullable(),
    platform_id: z.string().nullable(),
    url: z.string().nullable(),
    insights: z.object({ impressions: z.number().nullable(), on: z.string().nullable() }).nullable(),
  })
  .meta({ id: "PlatformResult" });

export const ZMedia = z
  .object({
    id: z.string(),
    status: z.enum(["pending", "processed", "failed"]),
    error_message: z.string().nullable(),
    content_type: z.string(),
    source_url: z.string().nullable(),
    url: z.string().nullable(),
  })
  .meta({ id: "Media" });

export const ZThreadChild = z
  .object({ id: z.string(), body: z.string(), media: z.array(ZMedia) })
  .meta({ id: "ThreadChild" });

export const ZPost = z
  .object({
    id: z.string(),
    body: z.string(),
    status: z.enum(POST_STATUSES),
    draft: z.boolean(),
    scheduled_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    profile_group_id: z.string(),
    media: z.array(ZMedia),
    platforms: z.array(ZPlatformResult),
    thread: z.array(ZThreadChild),
    queue_id: z.string().nullable(),
    queue_priority: ZQueuePriority.nullable(),
  })
  .meta({ id: "Post" });
export type TPost = z.infer<typeof ZPost>;

// POST /api/posts/:id/delete_on_platform: at most one scope; none = every published network.
export const ZDeleteOnPlatformBody = z.object({
  post_profile_id: z.string().optional(),
  profile_id: z.string().optional(),
  network: ZPlatform.optional(),
});
export const ZDeleteOnPlatformResponse = z.object({
  success: z.boolean(),
  deleting: z.array(z.object({ post_profile_id: z.string(), platform: ZPlatform })),
});
