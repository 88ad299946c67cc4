import type { TMessage } from "@/lib/query/chats";
import type { TSendMessageBody } from "@/lib/schemas/messages";

// Optimistic sends of the chat inbox. A message is shown in its thread the moment it is sent, as
// `pending`; once the API answers, it carries the stored message's id, and it leaves as soon as the
// polled thread has that message (whose real status, sent/failed/…, then shows). A send the API
// refused stays visible with the error until dismissed.

export type TPendingSend = {
  tempId: string;
  chatId: string;
  request: TSendMessageBody;
  at: string;
  serverId?: string;
  error?: string;
};

const asMessage = (p: TPendingSend): TMessage => ({
  id: p.serverId ?? p.tempId,
  chat_id: p.chatId,
  external_id: null,
  direction: "outbound",
  body: p.request.body ?? (p.request.template ? `Template ${p.request.template.name}` : null),
  status: p.error ? "failed" : "pending",
  tag: null,
  source: null,
  external_comment_id: null,
  error_message: p.error ?? null,
  error_details: null,
  platform_data: null,
  reply_to_external_id: null,
  interactive: null,
  tapped_action: null,
  reactions: [],
  attachments: [],
  is_unsupported: false,
  external_posted_at: null,
  external_delivered_at: null,
  external_read_at: null,
  external_edited_at: null,
  external_deleted_at: null,
  created_at: p.at,
});

// The chat's messages as shown, most recent first: the pending sends not yet in the polled list on top.
export const threadWithPending = (server: TMessage[], pending: TPendingSend[], chatId: string): TMessage[] => {
  const known = new Set(server.map((m) => m.id));
  const mine = pending
    .filter((p) => p.chatId === chatId && !(p.serverId && known.has(p.serverId)))
    .sort((a, b) => b.at.localeCompare(a.at))
    .map(asMessage);
  return [...mine, ...server];
};

// Drops the sends the polled thread now has; the same array when nothing changed.
export const prunePending = (pending: TPendingSend[], server: TMessage[]): TPendingSend[] => {
  const known = new Set(server.map((m) => m.id));
  const kept = pending.filter((p) => !(p.serverId && known.has(p.serverId)));
  return kept.length === pending.length ? pending : kept;
};
