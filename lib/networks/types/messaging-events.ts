// What the network tells us happened in a chat (messages, statuses, reactions, edits, ...), as inbound items.

export type MessageAttachmentType = "image" | "video" | "audio" | "sticker" | "file" | "story_mention";
export type MessageAttachment = { type: MessageAttachmentType; url: string | null; externalId?: string | null };

// A message the network told us about, in or out (out: sent from the network's own app).
export type InboundMessage = {
  externalId: string;
  direction: "inbound" | "outbound";
  body: string | null;
  attachments: MessageAttachment[];
  replyToExternalId: string | null;
  tappedAction: { kind: string; payload: string | null; title: string | null } | null;
  interactive: Record<string, unknown> | null;
  platformData: Record<string, unknown> | null;
  source: string | null; // "synced" for messages sent from the network's own app
  sentAt: Date;
};

export type InboundMessageItem = {
  kind: "message";
  account: string; // the profile's account id, or one of its placements (a page)
  placement: string | null; // the placement the chat runs on (a WhatsApp phone number id), null where none
  participant: { externalId: string; username: string | null; name: string | null; avatarUrl?: string | null };
  group: boolean;
  conversationId: string | null; // the network's id of the conversation, where it has one
  message: InboundMessage;
};

// What the network says happened to one of our messages (WhatsApp statuses). `announce`: the spec's
// event for this status is emitted on this network (message.delivered/read/failed).
export type InboundMessageStatus = {
  kind: "message_status";
  account: string;
  messageExternalId: string;
  status: "sent" | "delivered" | "read" | "failed";
  at: Date;
  error: { message: string; code: string | null } | null;
  announce: boolean;
};

// Every one of our messages in a chat sent up to `upTo` was delivered or read (Messenger's watermarks).
export type InboundMessageWatermark = {
  kind: "message_watermark";
  account: string;
  placement: string | null;
  participantExternalId: string;
  status: "delivered" | "read";
  upTo: Date;
  announce: boolean;
};

// A participant reacted to a message of the chat, or took the reaction back (reaction.received).
export type InboundReaction = {
  kind: "message_reaction";
  account: string;
  participantExternalId: string;
  messageExternalId: string;
  action: "react" | "unreact";
  reaction: string | null; // the network's name of it ("love")
  emoji: string | null;
  at: Date;
  // reaction.received is emitted for this network (the "Webhook events" of the API reference, lib/schemas/events.ts); absent: true.
  announce?: boolean;
};

// A message of the chat was edited on the network (by the participant, or from the network's own app):
// the stored body changes, message.edited where `announce` (the "Webhook events" of the API reference, lib/schemas/events.ts).
export type InboundMessageEdit = {
  kind: "message_edit";
  account: string;
  messageExternalId: string;
  body: string | null;
  at: Date;
  announce: boolean;
};

// A message of the chat was deleted (unsent) on the network: message.deleted where `announce`.
export type InboundMessageDelete = {
  kind: "message_delete";
  account: string;
  messageExternalId: string;
  at: Date;
  announce: boolean;
};

// The participant's messaging window closed: they have not written for the whole window (the sandbox's
// simulated participant "leaves" at once; real networks let time do it). The chat's last inbound time is
// moved back past the window, so within_messaging_window turns false.
export type InboundWindowClosed = {
  kind: "window_closed";
  account: string;
  placement: string | null;
  participantExternalId: string;
  at: Date;
};

// A participant came through a referral (an ad, an m.me/ig.me link with `ref`): it opens the messaging
// window and lands in the chat's metadata (referral.received).
export type InboundReferral = {
  kind: "chat_referral";
  account: string;
  placement: string | null;
  participant: InboundMessageItem["participant"];
  referral: Record<string, unknown>;
  at: Date;
};
