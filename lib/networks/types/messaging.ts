import type { TSendMessageBody } from "@/lib/schemas/messages";
import type { ProfileAuth } from "./auth";
import type { ConnectorContext } from "./context";
import type { InboundItem } from "./inbound";
import type { InboundMessage, InboundMessageStatus } from "./messaging-events";

// Messaging (optional capability): direct messages. Generic code (lib/services/messages) finds or
// creates chats, applies the window and the network's send rules, and sends asynchronously with the
// exactly-once discipline of publishing; it never names a network.

// The send body as validated by the API (lib/schemas/messages.ts), under the spec's own keys.
export type MessageRequest = TSendMessageBody;

export type MessageSendInput = {
  auth: ProfileAuth;
  placement: { externalId: string; accessToken: string | null; metadata: Record<string, unknown> } | null;
  participantExternalId: string;
  group: boolean;
  request: MessageRequest;
  clientReference: string; // our message id: unique per send, stable across retries
  createdAt?: Date; // when the message was accepted: a read-back looks at what was sent since
  // A private reply: the network's id of the comment answered. The network delivers the message to the
  // commenter (Send API `recipient: {comment_id}`), outside the messaging window.
  privateReplyTo?: string | null;
};
// What a send answers: the network's message id, and the participant it reached where the network says
// (a private reply learns the commenter's messaging id this way).
export type MessageSent = { externalId: string; recipientId?: string | null };

export type IceBreaker = { question: string; payload: string };

// What a chat-level call names: the profile, the placement and participant, the network's conversation.
export type ChatActionInput = {
  auth: ProfileAuth;
  placement: MessageSendInput["placement"];
  participantExternalId: string;
  conversationId: string | null;
};

export type Messaging<TSettings> = {
  // Free-form messages only within this many hours of the participant's last inbound message (null: no window).
  windowHours: number | null;
  // The participant must have written first (telegram bots cannot start a conversation).
  participantWritesFirst: boolean;
  // Chats run on a placement that must be named (whatsapp: the phone number).
  placementRequired: boolean;
  // The network's participant id from what an integrator gives (whatsapp: digits only); null when invalid.
  participantId(raw: string): string | null;
  // The send-body fields this network takes; any other field given is a 422 naming it.
  fields: ReadonlySet<keyof MessageRequest>;
  // The network's own rules about the combination (422 messages naming the field).
  check(request: MessageRequest, chat: { group: boolean }): string[];
  // The largest media file the network takes in a message, in bytes, per kind (image, video, audio,
  // file: anything else); a kind left out is not limited here. Checked on the downloaded file before
  // anything is stored (422 naming the limit).
  mediaLimits?: Partial<Record<"image" | "video" | "audio" | "file", number>>;
  // A send the network accepts outside the window (whatsapp templates, category utility).
  bypassesWindow?(request: MessageRequest): boolean;
  // Private replies to comments (instagram, facebook): `send` takes `privateReplyTo`, allowed up to
  // `maxAgeDays` after the comment, once per comment. Absent: POST …/comments/:id/private_reply is 405.
  privateReplies?: { maxAgeDays: number };
  send(ctx: ConnectorContext<TSettings>, input: MessageSendInput): Promise<MessageSent>;
  // After an unknown outcome: the sent message, or null when it certainly is not there. Networks that
  // cannot read back leave it out: the message ends as delivery_unconfirmed, never resent.
  findSent?(ctx: ConnectorContext<TSettings>, input: MessageSendInput): Promise<{ externalId: string } | null>;
  // The network's conversation with the participant, found or created (bluesky getConvoForMembers) when
  // a chat is created and before a send is accepted; a participant who does not accept messages is a
  // NetworkError "rejected" whose message says so (the API answers 422).
  openConversation?(
    ctx: ConnectorContext<TSettings>,
    input: { auth: ProfileAuth; participantExternalId: string },
  ): Promise<{ conversationId: string | null }>;
  // Archiving on the network too (bluesky: mute/unmute); absent: archiving is only ours.
  archive?(ctx: ConnectorContext<TSettings>, input: ChatActionInput & { archived: boolean }): Promise<void>;
  // Edits of our sent messages (PATCH /api/messages/:id); absent: 422. Editing the same text again is
  // not an error.
  edit?(
    ctx: ConnectorContext<TSettings>,
    input: ChatActionInput & { messageExternalId: string; hasMedia: boolean; body: string },
  ): Promise<void>;
  // Reactions to a message of the chat (POST /api/messages/:id/react): `accepts` says which reactions
  // the network takes (null) or why not (the 422 message); absent: 405.
  react?: {
    accepts(reaction: string): string | null;
    send(
      ctx: ConnectorContext<TSettings>,
      input: ChatActionInput & { messageExternalId: string; reaction: string },
    ): Promise<void>;
  };
  // The typing indicator in the chat (POST /api/chats/:id/start_typing and stop_typing): `start` shows
  // it (whatsapp needs the participant's last message: it is marked read); `stop` hides it, where the
  // network has a call for that (else it ends by itself). Absent: 422.
  typing?: {
    start(
      ctx: ConnectorContext<TSettings>,
      input: ChatActionInput & { lastInboundExternalId: string | null },
    ): Promise<void>;
    stop?(ctx: ConnectorContext<TSettings>, input: ChatActionInput): Promise<void>;
  };
  // Acknowledges a participant's tap on one of our buttons once it is stored (telegram
  // answerCallbackQuery, so the button stops spinning): called from inbound processing once per newly
  // stored message with a `tappedAction`. Absent: taps need no acknowledgement.
  acknowledgeTap?(
    ctx: ConnectorContext<TSettings>,
    input: { auth: ProfileAuth; message: InboundMessage },
  ): Promise<void>;
  // The questions offered to someone opening a conversation (GET/POST/DELETE
  // /api/profiles/:id/ice_breakers): at most `max`, set as a whole. Absent: 422.
  iceBreakers?: {
    max: number;
    list(ctx: ConnectorContext<TSettings>, auth: ProfileAuth): Promise<IceBreaker[]>;
    replace(ctx: ConnectorContext<TSettings>, auth: ProfileAuth, items: IceBreaker[]): Promise<void>;
    clear(ctx: ConnectorContext<TSettings>, auth: ProfileAuth): Promise<void>;
  };
  // Inbound messages the network does not push (bluesky): read every `everyMs` from the account's
  // conversation log after `cursor` (null: from the start); items are applied like pushed ones.
  poll?: {
    everyMs: number;
    read(
      ctx: ConnectorContext<TSettings>,
      input: { auth: ProfileAuth; cursor: string | null },
    ): Promise<{ items: InboundItem[]; cursor: string | null }>;
  };
  // Messages the network has in a chat when it is created (the sandbox's simulated participant writes first).
  openChat?(
    ctx: ConnectorContext<TSettings>,
    input: { auth: ProfileAuth; placement: string | null; participantExternalId: string },
  ): Promise<InboundMessage[]>;
  // A read receipt for the participant's messages up to `lastInboundExternalId` (whatsapp's blue ticks);
  // networks without one leave it out (mark_read then only stamps metadata.read_at).
  markRead?(
    ctx: ConnectorContext<TSettings>,
    input: {
      auth: ProfileAuth;
      placement: MessageSendInput["placement"];
      participantExternalId: string;
      lastInboundExternalId: string;
    },
  ): Promise<void>;
  // What the network pushes a moment after one of our messages was sent (the sandbox's simulated
  // participant answers): after `delayMs`, `collect` hands over the messages that are due (each once;
  // they are applied like pushed inbound messages).
  // The network reports each of our messages' delivery by status (whatsapp: sent, delivered, read, failed).
  reportsStatuses?: boolean;
  followUp?: {
    delayMs: number;
    collect(
      ctx: ConnectorContext<TSettings>,
      input: { auth: ProfileAuth; placement: string | null; participantExternalId: string },
    ): Promise<InboundMessage[]>;
    // The statuses the network reports for our messages of the chat by then (each once), applied like
    // pushed ones (the sandbox's simulated delivery and read of its messages).
    statuses?(
      ctx: ConnectorContext<TSettings>,
      input: { auth: ProfileAuth; placement: string | null; participantExternalId: string },
    ): Promise<Omit<InboundMessageStatus, "kind" | "account">[]>;
    // What else the network pushes then (a reaction to our message, the window closing), applied like
    // pushed items.
    collectSignals?(
      ctx: ConnectorContext<TSettings>,
      input: { auth: ProfileAuth; placement: string | null; participantExternalId: string },
    ): Promise<InboundItem[]>;
  };
};

// The rules half of a messaging capability (what is checked before anything is stored), shared by a
// network's real sending and the sandbox's.
export type MessagingRules = Pick<
  Messaging<unknown>,
  | "windowHours"
  | "participantWritesFirst"
  | "placementRequired"
  | "participantId"
  | "fields"
  | "check"
  | "mediaLimits"
  | "bypassesWindow"
  | "privateReplies"
  | "reportsStatuses"
>;
