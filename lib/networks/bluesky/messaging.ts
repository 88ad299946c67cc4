import { NetworkError } from "../errors";
import { isOneEmoji } from "../emoji";
import type { ConnectorContext, InboundItem, Messaging, MessageSendInput, ProfileAuth } from "../types";
import { blueskyMessagingRules } from "./messaging-rules";
import { xrpcProcedure, xrpcQuery } from "./xrpc";

// Bluesky chat (chat.bsky.convo.*): every call goes to the PDS (service_url) with
// `atproto-proxy: <chat_service_did>#bsky_chat`, and the PDS forwards it to the chat service with a
// service-auth token (the session must be a full one or a privileged app password). A chat is the
// 1-1 conversation getConvoForMembers finds or creates; nothing is pushed: the account's conversation log
// (getLog) is polled with a stored cursor (lib/services/inbound/poll-messages.ts).

type Ctx = ConnectorContext<{ service_url: string; chat_service_did: string }>;
type Member = { did: string; handle?: string; displayName?: string; avatar?: string };
type ConvoView = { id: string; members: Member[]; muted: boolean };
type MessageView = { $type?: string; id: string; text?: string; sender: { did: string }; sentAt: string };
type LogEntry = {
  $type: string;
  convoId: string;
  message?: MessageView;
  reaction?: { value: string; sender: { did: string }; createdAt: string };
};

const POLL_EVERY_MS = 5 * 60 * 1000; // the spec's "about every 5 minutes"
const LOG_PAGES_PER_POLL = 20;
const DEFS = "chat.bsky.convo.defs";
// The chat service's answers when the recipient's chat settings (chat.bsky.actor.declaration) or a block
// keep this account out.
const NOT_ACCEPTED = new Set(["MessagesDisabled", "NotFollowedBySender", "BlockedActor", "RecipientNotFound"]);
const notAccepted = () =>
  new NetworkError(
    "rejected",
    "The recipient does not accept messages from this account (their Bluesky chat settings)",
  );

const proxy = (ctx: Ctx) => `${ctx.settings.chat_service_did}#bsky_chat`;
const tokenOf = (auth: ProfileAuth) => {
  const token = auth.tokens?.accessToken;
  if (!token) throw new NetworkError("auth_expired", "No Bluesky session");
  return token;
};
const query = <T>(ctx: Ctx, nsid: string, params: Record<string, string | string[]>, auth: ProfileAuth) =>
  xrpcQuery<T>(ctx, nsid, params, tokenOf(auth), proxy(ctx));
const procedure = <T>(ctx: Ctx, nsid: string, body: unknown, auth: ProfileAuth) =>
  xrpcProcedure<T>(ctx, nsid, body, tokenOf(auth), proxy(ctx));

// The 1-1 conversation with the participant: getConvoAvailability first (it never creates one, and
// says whether the recipient takes messages from this account), then getConvoForMembers.
const conversationWith = async (ctx: Ctx, auth: ProfileAuth, participant: string): Promise<string> => {
  try {
    const available = await query<{ canChat: boolean; convo?: ConvoView }>(
      ctx,
      "chat.bsky.convo.getConvoAvailability",
      { members: [participant] },
      auth,
    );
    if (!available.canChat) throw notAccepted();
    if (available.convo) return available.convo.id;
    const { convo } = await query<{ convo: ConvoView }>(
      ctx,
      "chat.bsky.convo.getConvoForMembers",
      { members: [participant] },
      auth,
    );
    return convo.id;
  } catch (err) {
    if (err instanceof NetworkError && NOT_ACCEPTED.has(String(err.details?.platformErrorCode))) throw notAccepted();
    throw err;
  }
};

const convoOf = async (
  ctx: Ctx,
  input: { auth: ProfileAuth; participantExternalId: string; conversationId: string | null },
) => input.conversationId ?? (await conversationWith(ctx, input.auth, input.participantExternalId));

const sentBy = (self: string | null, input: MessageSendInput) => async (ctx: Ctx) => {
  const convoId = await conversationWith(ctx, input.auth, input.participantExternalId);
  const { messages } = await query<{ messages: MessageView[] }>(
    ctx,
    "chat.bsky.convo.getMessages",
    { convoId, limit: "100" },
    input.auth,
  );
  const since = (input.createdAt?.getTime() ?? 0) - 60_000; // clock skew between us and the network
  const found = messages.find(
    (m) =>
      m.$type === `${DEFS}#messageView` &&
      m.sender.did === self &&
      m.text === input.request.body &&
      Date.parse(m.sentAt) >= since,
  );
  return found ? { externalId: found.id } : null;
};

// Log entries -> inbound items. The conversation's members come from getConvo (once per conversation
// of the page): the participant of a 1-1 chat is the other member; a group's chat is the conversation
// itself, with the sender in platform_data.from.
const itemsOf = async (ctx: Ctx, auth: ProfileAuth, logs: LogEntry[]): Promise<InboundItem[]> => {
  const self = auth.externalId ?? "";
  const convos = new Map<string, ConvoView>();
  const convo = async (id: string) => {
    if (!convos.has(id))
      convos.set(id, (await query<{ convo: ConvoView }>(ctx, "chat.bsky.convo.getConvo", { convoId: id }, auth)).convo);
    return convos.get(id)!;
  };
  const items: InboundItem[] = [];
  for (const entry of logs) {
    const m = entry.message;
    if (!m || m.$type !== `${DEFS}#messageView`) continue; // deleted messages, mutes, reads, ...
    if (entry.$type === `${DEFS}#logCreateMessage`) {
      const { members } = await convo(entry.convoId);
      const group = members.length > 2;
      const other = members.find((x) => x.did !== self) ?? { did: m.sender.did };
      const participant = group
        ? { externalId: entry.convoId, username: null, name: null }
        : {
            externalId: other.did,
            username: other.handle ?? null,
            name: other.displayName ?? null,
            avatarUrl: other.avatar ?? null,
          };
      items.push({
        kind: "message",
        account: self,
        placement: null,
        participant,
        group,
        conversationId: entry.convoId,
        message: {
          externalId: m.id,
          direction: m.sender.did === self ? "outbound" : "inbound",
          body: m.text ?? null,
          attachments: [],
          replyToExternalId: null,
          tappedAction: null,
          interactive: null,
          platformData: group ? { from: m.sender.did } : null,
          source: m.sender.did === self ? "synced" : null,
          sentAt: new Date(m.sentAt),
        },
      });
    } else if (
      (entry.$type === `${DEFS}#logAddReaction` || entry.$type === `${DEFS}#logRemoveReaction`) &&
      entry.reaction &&
      entry.reaction.sender.did !== self
    ) {
      items.push({
        kind: "message_reaction",
        account: self,
        participantExternalId: entry.reaction.sender.did,
        messageExternalId: m.id,
        action: entry.$type === `${DEFS}#logAddReaction` ? "react" : "unreact",
        reaction: null,
        emoji: entry.reaction.value,
        at: new Date(entry.reaction.createdAt),
        announce: false, // reaction.received is instagram and facebook only
      });
    }
  }
  return items;
};

export const blueskyMessaging: Messaging<{ service_url: string; chat_service_did: string }> = {
  ...blueskyMessagingRules,
  openConversation: async (ctx, input) => ({
    conversationId: await conversationWith(ctx, input.auth, input.participantExternalId),
  }),
  send: async (ctx, input) => {
    const convoId = await conversationWith(ctx, input.auth, input.participantExternalId);
    const sent = await procedure<MessageView>(
      ctx,
      "chat.bsky.convo.sendMessage",
      { convoId, message: { text: input.request.body ?? "" } },
      input.auth,
    );
    return { externalId: sent.id };
  },
  // getMessages: our message with this text sent since the message was accepted.
  findSent: (ctx, input) => sentBy(input.auth.externalId, input)(ctx),
  archive: async (ctx, input) => {
    const convoId = await convoOf(ctx, input);
    await procedure(
      ctx,
      input.archived ? "chat.bsky.convo.muteConvo" : "chat.bsky.convo.unmuteConvo",
      { convoId },
      input.auth,
    );
  },
  react: {
    accepts: (reaction) => (isOneEmoji(reaction) ? null : "reaction: Bluesky accepts a single emoji"),
    send: async (ctx, input) => {
      const convoId = await convoOf(ctx, input);
      await procedure(
        ctx,
        "chat.bsky.convo.addReaction",
        { convoId, messageId: input.messageExternalId, value: input.reaction },
        input.auth,
      );
    },
  },
  poll: {
    everyMs: POLL_EVERY_MS,
    read: async (ctx, { auth, cursor }) => {
      const items: InboundItem[] = [];
      let next = cursor;
      for (let page = 0; page < LOG_PAGES_PER_POLL; page++) {
        const res = await query<{ logs: LogEntry[]; cursor?: string }>(
          ctx,
          "chat.bsky.convo.getLog",
          next ? { cursor: next } : {},
          auth,
        );
        items.push(...(await itemsOf(ctx, auth, res.logs)));
        if (res.logs.length === 0 || !res.cursor || res.cursor === next) {
          next = res.cursor ?? next;
          break;
        }
        next = res.cursor;
      }
      return { items, cursor: next };
    },
  },
};
