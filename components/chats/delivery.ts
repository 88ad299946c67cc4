import type { TMessage } from "@/lib/query/chats";

// The delivery ticks of one of our messages: sending, sent, delivered, read, or what went wrong.

const TICKS: Record<TMessage["status"], string> = {
  received: "",
  pending: "Sending…",
  published: "✓ Sent",
  failed_waiting_for_retry: "Retrying…",
  failed: "Failed",
  delivery_unconfirmed: "Unconfirmed",
};

export const deliveryLabel = (m: TMessage) => {
  if (m.status !== "published") return TICKS[m.status];
  if (m.external_read_at) return "✓✓ Read";
  if (m.external_delivered_at) return "✓✓ Delivered";
  return TICKS.published;
};
