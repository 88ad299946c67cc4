import type { TWebhook, TWebhookDelivery } from "@/lib/schemas/webhooks";

type WebhookRow = {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  description: string;
  secret: string;
  createdAt: Date;
  updatedAt: Date;
};

// `secret` (already decrypted by the service) only where the spec returns it: single fetch, create, update.
export const serializeWebhook = (w: WebhookRow, { withSecret }: { withSecret: boolean }): TWebhook => ({
  id: w.id,
  url: w.url,
  events: w.events,
  enabled: w.enabled,
  description: w.description,
  ...(withSecret && { secret: w.secret }),
  created_at: w.createdAt.toISOString(),
  updated_at: w.updatedAt.toISOString(),
});

type DeliveryRow = {
  id: string;
  eventId: string;
  eventType: string;
  responseStatus: number | null;
  attemptNumber: number;
  success: boolean;
  attemptedAt: Date;
  createdAt: Date;
};

export const serializeWebhookDelivery = (d: DeliveryRow): TWebhookDelivery => ({
  id: d.id,
  event_id: d.eventId,
  event_type: d.eventType,
  response_status: d.responseStatus,
  attempt_number: d.attemptNumber,
  success: d.success,
  attempted_at: d.attemptedAt.toISOString(),
  created_at: d.createdAt.toISOString(),
});
