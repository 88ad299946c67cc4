import { z } from "zod";
import type { InboundItem, InboundMessage, MessageAttachment, MessageAttachmentType } from "../types";
import type { GraphMessagingEvent } from "./webhooks";

// One Messenger Platform event (networks.md "Messenger Send API", webhooks `messages`,
// `messaging_postbacks`, `messaging_seen`/`message_reads`, `message_deliveries`, `message_reactions`,
// `messaging_referrals`) as items: a message (attachments, quick-reply taps, replies, story replies and
// mentions), a postback (a button tap: an inbound message with `tapped_action`), a read or delivery (by
// message id on instagram, by watermark on messenger), a reaction added or removed, a referral (which
// opens the window). Echoes of what the Page/account sent: outbound `synced` messages, except our own
// app's sends (stored when we sent them). Edits (`message_edits`: message_edit {mid, text, num_edit})
// change the stored message (message.edited); an unsent message (`message` {mid, is_deleted}) loses
// its content, with message.deleted where the network's options say the spec emits it (instagram).

const ZId = z.object({ id: z.coerce.string() }).loose();
const ZAttachment = z
  .object({
    type: z.string(),
    payload: z
      .object({ url: z.string().optional(), sticker_id: z.unknown().optional(), title: z.string().optional() })
      .loose()
      .nullish(),
  })
  .loose();
const ZReferral = z.record(z.string(), z.unknown());
const ZEvent = z
  .object({
    sender: ZId,
    recipient: ZId,
    timestamp: z.number().optional(),
    message: z
      .object({
        mid: z.string(),
        text: z.string().optional(),
        is_echo: z.boolean().optional(),
        is_deleted: z.boolean().optional(),
        app_id: z.coerce.string().optional(),
        attachments: z.array(ZAttachment).optional(),
        quick_reply: z.object({ payload: z.string() }).loose().optional(),
        reply_to: z
          .object({
            mid: z.string().optional(),
            story: z.object({ url: z.string().optional(), id: z.coerce.string().optional() }).loose().optional(),
          })
          .loose()
          .optional(),
        referral: ZReferral.optional(),
      })
      .loose()
      .optional(),
    postback: z
      .object({
        mid: z.string().optional(),
        title: z.string().optional(),
        payload: z.string().optional(),
        referral: ZReferral.optional(),
      })
      .loose()
      .optional(),
    read: z.object({ mid: z.string().optional(), watermark: z.number().optional() }).loose().optional(),
    delivery: z
      .object({ mids: z.array(z.string()).optional(), watermark: z.number().optional() })
      .loose()
      .optional(),
    reaction: z
      .object({
        mid: z.string(),
        action: z.enum(["react", "unreact"]),
        reaction: z.string().optional(),
        emoji: z.string().optional(),
      })
      .loose()
      .optional(),
    referral: ZReferral.optional(),
    message_edit: z
      .object({ mid: z.string(), text: z.string().optional(), num_edit: z.number().optional() })
      .loose()
      .optional(),
  })
  .loose();
type Event = z.infer<typeof ZEvent>;

const TYPES = new Set<MessageAttachmentType>(["image", "video", "audio", "file", "story_mention"]);

// Shares, reels, posts and fallbacks carry a link: kept as a file with the network's type in platform_data.
const attachmentOf = (a: z.infer<typeof ZAttachment>): MessageAttachment => {
  const known = TYPES.has(a.type as MessageAttachmentType) ? (a.type as MessageAttachmentType) : "file";
  return {
    type: a.type === "image" && a.payload?.sticker_id !== undefined ? "sticker" : known,
    url: a.payload?.url ?? null,
  };
};

export type ReadMessagingOptions = {
  placementOf: (account: string) => string | null; // facebook: the Page the chat runs on; instagram: none
  ownAppId: string | undefined; // echoes of this app's sends are ours already
  announceDeletes: boolean; // message.deleted is emitted for this network (networks-and-messaging "Events")
};

export const readMessagingEvent = (
  { account, event }: GraphMessagingEvent,
  options: ReadMessagingOptions,
): InboundItem[] => {
  const parsed = ZEvent.safeParse(event);
  if (!parsed.success) return [{ kind: "ignored", reason: "messaging event without sender and recipient" }];
  const e: Event = parsed.data;
  const echo = e.message?.is_echo === true;
  const participantExternalId = echo ? e.recipient.id : e.sender.id;
  const at = e.timestamp === undefined ? new Date() : new Date(e.timestamp > 1e12 ? e.timestamp : e.timestamp * 1000);
  const placement = options.placementOf(account);
  const participant = { externalId: participantExternalId, username: null, name: null };
  const referralOf = (referral: Record<string, unknown> | undefined): InboundItem[] =>
    referral ? [{ kind: "chat_referral", account, placement, participant, referral, at }] : [];
  const message = (
    m: Omit<InboundMessage, "direction" | "sentAt" | "interactive">,
    direction: InboundMessage["direction"] = "inbound",
  ): InboundItem => ({
    kind: "message",
    account,
    placement,
    participant,
    group: false,
    conversationId: null,
    message: { ...m, direction, interactive: null, sentAt: at },
  });

  if (e.message) {
    const m = e.message;
    if (m.is_deleted)
      return [{ kind: "message_delete", account, messageExternalId: m.mid, at, announce: options.announceDeletes }];
    if (echo && m.app_id !== undefined && m.app_id === options.ownAppId)
      return [{ kind: "ignored", reason: "echo of our own send" }];
    const types = (m.attachments ?? []).map((a) => a.type);
    const platformData = {
      ...(types.some((t) => !TYPES.has(t as MessageAttachmentType)) && { attachment_types: types }),
      ...(m.reply_to?.story && { story_reply: m.reply_to.story }),
      ...(m.referral && { referral: m.referral }),
    };
    return [
      ...referralOf(m.referral),
      message(
        {
          externalId: m.mid,
          body: m.text ?? null,
          attachments: (m.attachments ?? []).map(attachmentOf),
          replyToExternalId: m.reply_to?.mid ?? null,
          tappedAction: m.quick_reply
            ? { kind: "quick_reply", payload: m.quick_reply.payload, title: m.text ?? null }
            : null,
          platformData: Object.keys(platformData).length ? platformData : null,
          source: echo ? "synced" : null,
        },
        echo ? "outbound" : "inbound",
      ),
    ];
  }
  if (e.postback) {
    const p = e.postback;
    return [
      ...referralOf(p.referral),
      message({
        externalId: p.mid ?? `postback.${e.sender.id}.${at.getTime()}`,
        body: p.title ?? null,
        attachments: [],
        replyToExternalId: null,
        tappedAction: { kind: "postback", payload: p.payload ?? null, title: p.title ?? null },
        platformData: null,
        source: null,
      }),
    ];
  }
  const watermark = (status: "delivered" | "read", ms: number): InboundItem => ({
    kind: "message_watermark",
    account,
    placement,
    participantExternalId,
    status,
    upTo: new Date(ms),
    announce: true,
  });
  if (e.read) {
    if (e.read.mid)
      return [
        {
          kind: "message_status",
          account,
          messageExternalId: e.read.mid,
          status: "read",
          at,
          error: null,
          announce: true,
        },
      ];
    if (e.read.watermark !== undefined) return [watermark("read", e.read.watermark)];
  }
  if (e.delivery) {
    const mids = e.delivery.mids ?? [];
    if (mids.length)
      return mids.map((mid) => ({
        kind: "message_status" as const,
        account,
        messageExternalId: mid,
        status: "delivered" as const,
        at,
        error: null,
        announce: true,
      }));
    if (e.delivery.watermark !== undefined) return [watermark("delivered", e.delivery.watermark)];
  }
  if (e.reaction) {
    const r = e.reaction;
    return [
      {
        kind: "message_reaction",
        account,
        participantExternalId,
        messageExternalId: r.mid,
        action: r.action,
        reaction: r.reaction ?? null,
        emoji: r.emoji ?? null,
        at,
      },
    ];
  }
  if (e.referral) return referralOf(e.referral);
  if (e.message_edit)
    return [
      {
        kind: "message_edit",
        account,
        messageExternalId: e.message_edit.mid,
        body: e.message_edit.text ?? null,
        at,
        announce: true,
      },
    ];
  return [{ kind: "ignored", reason: "messaging event not read (optin, handover...)" }];
};
