import { z } from "zod";
import { zIdParams } from "./common";

// Every webhook event name (the events a webhook subscribes to; listed in the API reference at /docs).
export const EVENT_TYPES = [
  "post.processed",
  "platform_post.published",
  "platform_post.failed",
  "platform_post.failed_waiting_for_retry",
  "platform_post.delivery_unconfirmed", // ours: sent, no answer, and the network cannot be read back
  "platform_post.insights",
  "profile.connected",
  "profile.disconnected",
  "profile.stats",
  "profile.placements_synced",
  "media.failed",
  "comment.created",
  "profile_comment.created",
  "message.received",
  "message.sent",
  "message.delivered",
  "message.read",
  "message.deleted",
  "message.edited",
  "message.failed",
  "message.failed_waiting_for_retry",
  "message.delivery_unconfirmed", // ours: sent, no answer, and the network cannot be read back
  "reaction.received",
  "referral.received",
] as const;
export const ZEventType = z.enum(EVENT_TYPES);
export type TEventType = z.infer<typeof ZEventType>;

export const ZWebhookParams = zIdParams("whk");

const ZWebhookUrl = z
  .url({ error: "url must be a valid URL" })
  .max(2000, "url is too long")
  .refine((u) => u.toLowerCase().startsWith("https://"), "url must use HTTPS");

const ZEventList = z
  .array(z.union([z.literal("*"), ZEventType], { error: (i) => `unknown event ${JSON.stringify(i.input)}` }), {
    error: "events must be an array of event names",
  })
  .min(1, "events can't be empty")
  .transform((events) => (events.includes("*") ? ["*"] : [...new Set(events)]));

export const ZCreateWebhookBody = z.object({
  url: ZWebhookUrl,
  events: ZEventList,
  description: z.string().max(500, "description is too long (maximum is 500 characters)").optional(),
});
export type TCreateWebhookBody = z.infer<typeof ZCreateWebhookBody>;

export const ZUpdateWebhookBody = z.object({
  url: ZWebhookUrl.optional(),
  events: ZEventList.optional(),
  enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
  description: z.string().max(500, "description is too long (maximum is 500 characters)").nullish(),
});
export type TUpdateWebhookBody = z.infer<typeof ZUpdateWebhookBody>;

export const ZWebhook = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    description: z.string(),
    secret: z.string().optional().describe("on single fetch, create and update only"),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "Webhook" });
export type TWebhook = z.infer<typeof ZWebhook>;

export const ZWebhookDelivery = z
  .object({
    id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    response_status: z.int().nullable(),
    attempt_number: z.int(),
    success: z.boolean(),
    attempted_at: z.iso.datetime(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "WebhookDelivery" });
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
