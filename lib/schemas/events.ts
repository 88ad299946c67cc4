import { z } from "zod";
import { commentFields, ZCommentErrorDetails } from "./comments";
import { ZChat, ZMessage } from "./messages";
import { ZProfileCommentFields } from "./profile-comments";
import { EVENT_TYPES, type TEventType } from "./webhooks";

// The `data` of every event (the "Webhook events" of the API reference at /docs), as zod schemas. emitEvent checks each payload against its schema before it is
// recorded, and the OpenAPI document's `webhooks` section is generated from them, so what is
// documented is what is sent. Objects are loose: a field added to a resource travels before the
// schema names it, but never one of the named fields in another shape.

const ZJson = z.record(z.string(), z.unknown());

const ZMessageEvent = z
  .looseObject({ message: ZMessage })
  .meta({ id: "MessageEvent", description: "message.*: the message as GET /api/messages/{id} answers it" });

const ZReactionEvent = z
  .looseObject({
    message: ZMessage,
    reaction: z.object({
      sender_external_id: z.string(),
      action: z.enum(["react", "unreact"]),
      emoji: z.string().nullable(),
      reaction: z.string().nullable().describe("the network's name of it (love)"),
      at: z.string(),
    }),
  })
  .meta({ id: "ReactionEvent", description: "reaction.received: the message reacted to and the reaction" });

const ZReferralEvent = z
  .looseObject({ chat: ZChat, referral: ZJson.describe("the network's referral object (ref, source, ad_id, …)") })
  .meta({ id: "ReferralEvent", description: "referral.received: the chat the referral opened, and the referral" });

const ZCommentEvent = z
  .looseObject({
    ...commentFields,
    post_id: z.string(),
    platform_post_id: z.string().nullable(),
    profile_id: z.string(),
    platform: z.string(),
    author_name: z.string().nullable(),
    reply_count: z.int(),
  })
  .meta({ id: "CommentEvent", description: "comment.created: the comment, where it is and who wrote it" });

const ZProfileCommentEvent = ZProfileCommentFields.extend({ profile_id: z.string(), platform: z.string() })
  .loose()
  .meta({ id: "ProfileCommentEvent", description: "profile_comment.created: a review, recommendation or reply" });

const ZPostProcessedEvent = z
  .looseObject({
    id: z.string(),
    body: z.string().nullable(),
    status: z.string(),
    scheduled_at: z.string().nullable(),
    created_at: z.string(),
    platforms: z.array(z.object({ id: z.string(), platform: z.string(), name: z.string() })),
  })
  .meta({ id: "PostProcessedEvent" });

const ZPlatformPostEvent = z
  .looseObject({
    id: z.string(),
    post_id: z.string(),
    platform: z.string(),
    profile_id: z.string(),
    profile_name: z.string(),
    status: z.string(),
    error: z.string().nullable(),
    error_details: ZCommentErrorDetails.nullable(),
    platform_id: z.string().nullable(),
    insights: ZJson.optional().describe("platform_post.insights only"),
  })
  .meta({ id: "PlatformPostEvent" });

const ZProfileEvent = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    platform: z.string(),
    status: z.string(),
    uid: z.string().nullable(),
    username: z.string().nullable(),
    origin: z.enum(["user", "automated"]).optional().describe("profile.disconnected only"),
  })
  .meta({ id: "ProfileEvent" });

const ZProfileStatsEvent = z
  .looseObject({
    profile_id: z.string(),
    platform: z.string(),
    placement_id: z.string().nullable(),
    stats: ZJson,
    recorded_at: z.string(),
  })
  .meta({ id: "ProfileStatsEvent" });

const ZPlacementsSyncedEvent = z
  .looseObject({ id: z.string(), platform: z.string(), placements_count: z.int() })
  .meta({ id: "PlacementsSyncedEvent" });

const ZMediaFailedEvent = z
  .looseObject({
    id: z.string(),
    post_id: z.string(),
    content_type: z
      .string()
      .nullable()
      .describe("null when a comment attachment could not be downloaded (its type is then unknown)"),
    comment_id: z.string().optional().describe("the comment of a failed comment attachment"),
    status: z.literal("failed"),
    error_message: z.string().nullable(),
  })
  .meta({ id: "MediaFailedEvent" });

export const EVENT_PAYLOADS = {
  "post.processed": ZPostProcessedEvent,
  "platform_post.published": ZPlatformPostEvent,
  "platform_post.failed": ZPlatformPostEvent,
  "platform_post.failed_waiting_for_retry": ZPlatformPostEvent,
  "platform_post.delivery_unconfirmed": ZPlatformPostEvent,
  "platform_post.insights": ZPlatformPostEvent,
  "profile.connected": ZProfileEvent,
  "profile.disconnected": ZProfileEvent,
  "profile.stats": ZProfileStatsEvent,
  "profile.placements_synced": ZPlacementsSyncedEvent,
  "media.failed": ZMediaFailedEvent,
  "comment.created": ZCommentEvent,
  "profile_comment.created": ZProfileCommentEvent,
  "message.received": ZMessageEvent,
  "message.sent": ZMessageEvent,
  "message.delivered": ZMessageEvent,
  "message.read": ZMessageEvent,
  "message.deleted": ZMessageEvent,
  "message.edited": ZMessageEvent,
  "message.failed": ZMessageEvent,
  "message.failed_waiting_for_retry": ZMessageEvent,
  "message.delivery_unconfirmed": ZMessageEvent,
  "reaction.received": ZReactionEvent,
  "referral.received": ZReferralEvent,
} satisfies Record<TEventType, z.ZodType>;

export type TEventPayload<T extends TEventType> = z.input<(typeof EVENT_PAYLOADS)[T]>;

// The webhook envelope of one event type: {id, type, created_at, data}.
export const eventEnvelopeSchema = (type: TEventType) =>
  z.object({
    id: z.string().describe("the event's id (evt_…): the same on every retry"),
    type: z.literal(type),
    created_at: z.string(),
    data: EVENT_PAYLOADS[type],
  });

export class EventPayloadError extends Error {
  constructor(type: TEventType, issues: z.core.$ZodIssue[]) {
    super(`The ${type} payload does not match its schema: ${z.prettifyError(new z.ZodError(issues))}`);
    this.name = "EventPayloadError";
  }
}

// The payload as given, once it matches the event's schema (nothing stripped or converted).
export const checkEventPayload = <T extends TEventType>(type: T, data: unknown): TEventPayload<T> => {
  const result = EVENT_PAYLOADS[type].safeParse(data);
  if (!result.success) throw new EventPayloadError(type, result.error.issues);
  return data as TEventPayload<T>;
};

export const DOCUMENTED_EVENT_TYPES: readonly TEventType[] = EVENT_TYPES;
