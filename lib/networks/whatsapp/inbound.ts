import { z } from "zod";
import { metaInbound } from "../graph/inbound";
import type { GraphChange } from "../graph/webhooks";
import type { InboundItem, MessageAttachmentType } from "../types";

// WhatsApp Cloud API webhooks (object "whatsapp_business_account"; entry.id is the WABA, the profile's
// account): field `messages` carries {metadata {phone_number_id}, contacts [{wa_id, profile {name}}],
// messages [...], statuses [...]}. A customer's message becomes a direct message in the chat of that
// customer (digits only) on that number; an interactive reply fills `interactive` with the reply, a
// template quick-reply tap arrives as text of its label; a reaction is kept on the message it names
// (no reaction.received: instagram and facebook only). Statuses of our messages stamp sent, delivered
// and read times; failed fails the message (message.failed; the spec emits delivered/read events on
// instagram and facebook only). `smb_message_echoes`: messages the business sent from the WhatsApp
// Business app on a coexistence number, stored as outbound with source "synced" (message.sent).
// `message_template_status_update` re-reads the mirrored templates; `phone_number_quality_update`,
// `phone_number_name_update` and `account_update` re-read the numbers' metadata, except account updates
// that end our access (partner removed, app uninstalled, account deleted or disabled): the profile is
// disconnected. `history` (the coexistence import at connect) is stored by nobody and emits nothing.

const ZMedia = z
  .object({
    id: z.string(),
    caption: z.string().optional(),
    filename: z.string().optional(),
    mime_type: z.string().optional(),
  })
  .loose();
const ZMessage = z
  .object({
    from: z.string(),
    id: z.string(),
    timestamp: z.coerce.number(),
    type: z.string(),
    text: z.object({ body: z.string() }).loose().optional(),
    image: ZMedia.optional(),
    video: ZMedia.optional(),
    audio: ZMedia.optional(),
    document: ZMedia.optional(),
    sticker: ZMedia.optional(),
    context: z.object({ id: z.string().optional() }).loose().optional(),
    interactive: z.record(z.string(), z.unknown()).optional(),
    button: z.object({ text: z.string(), payload: z.string().optional() }).loose().optional(),
    group_id: z.string().optional(),
    reaction: z.object({ message_id: z.string(), emoji: z.string().optional() }).loose().optional(),
  })
  .loose();
const ZStatus = z
  .object({
    id: z.string(),
    status: z.string(),
    timestamp: z.coerce.number(),
    recipient_id: z.string().optional(),
    errors: z
      .array(
        z
          .object({ code: z.coerce.string().optional(), title: z.string().optional(), message: z.string().optional() })
          .loose(),
      )
      .optional(),
  })
  .loose();
const ZValue = z
  .object({
    metadata: z.object({ phone_number_id: z.coerce.string(), display_phone_number: z.string().optional() }).loose(),
    contacts: z
      .array(
        z.object({ wa_id: z.string(), profile: z.object({ name: z.string().optional() }).loose().optional() }).loose(),
      )
      .optional(),
    messages: z.array(ZMessage).optional(),
    statuses: z.array(ZStatus).optional(),
  })
  .loose();

const MEDIA: [keyof z.infer<typeof ZMessage>, MessageAttachmentType][] = [
  ["image", "image"],
  ["video", "video"],
  ["audio", "audio"],
  ["document", "file"],
  ["sticker", "sticker"],
];
const STATUSES = new Set(["sent", "delivered", "read", "failed"]);

// A customer's reaction (type reaction {message_id, emoji}; no emoji: taken back), kept on the message.
// The spec emits reaction.received on instagram and facebook only.
const readReaction = (account: string, m: z.infer<typeof ZMessage>): InboundItem => {
  if (!m.reaction) return { kind: "ignored", reason: "reaction without its object" };
  const emoji = m.reaction.emoji || null;
  return {
    kind: "message_reaction",
    account,
    participantExternalId: m.from.replace(/\D/g, ""),
    messageExternalId: m.reaction.message_id,
    action: emoji ? "react" : "unreact",
    reaction: null,
    emoji,
    at: new Date(m.timestamp * 1000),
    announce: false,
  };
};

const readMessage = (account: string, value: z.infer<typeof ZValue>, m: z.infer<typeof ZMessage>): InboundItem => {
  const media = MEDIA.flatMap(([key, type]) => {
    const file = m[key] as z.infer<typeof ZMedia> | undefined;
    return file ? [{ type, url: null, externalId: file.id, caption: file.caption }] : [];
  });
  const contact = value.contacts?.find((c) => c.wa_id === m.from);
  const group = m.group_id !== undefined;
  return {
    kind: "message",
    account,
    placement: value.metadata.phone_number_id,
    participant: group
      ? { externalId: m.group_id!, username: null, name: null }
      : { externalId: m.from.replace(/\D/g, ""), username: null, name: contact?.profile?.name ?? null },
    group,
    conversationId: null,
    message: {
      externalId: m.id,
      direction: "inbound",
      body: m.text?.body ?? m.button?.text ?? media[0]?.caption ?? null,
      attachments: media.map(({ type, url, externalId }) => ({ type, url, externalId })),
      replyToExternalId: m.context?.id ?? null,
      tappedAction: null,
      interactive: m.interactive ?? null,
      platformData: {
        type: m.type,
        phone_number_id: value.metadata.phone_number_id,
        ...(group && { from: m.from }),
        ...(m.button?.payload && { button_payload: m.button.payload }),
      },
      source: null,
      sentAt: new Date(m.timestamp * 1000),
    },
  };
};

const readStatus = (account: string, s: z.infer<typeof ZStatus>): InboundItem => {
  if (!STATUSES.has(s.status)) return { kind: "ignored", reason: `status ${s.status}` };
  const error = s.errors?.[0];
  return {
    kind: "message_status",
    account,
    messageExternalId: s.id,
    status: s.status as "sent" | "delivered" | "read" | "failed",
    at: new Date(s.timestamp * 1000),
    error: error ? { message: error.message ?? error.title ?? "Message failed", code: error.code ?? null } : null,
    announce: s.status === "failed",
  };
};

const ZEchoes = z
  .object({
    metadata: ZValue.shape.metadata,
    message_echoes: z.array(ZMessage.extend({ to: z.string() })),
  })
  .loose();

// A message the business sent from the phone app: outbound in the chat of its recipient.
const readEcho = (account: string, value: z.infer<typeof ZEchoes>, m: z.infer<typeof ZEchoes>["message_echoes"][0]) => {
  const item = readMessage(account, { ...value, contacts: [] }, { ...m, from: m.to });
  if (item.kind !== "message") return item;
  return {
    ...item,
    message: {
      ...item.message,
      direction: "outbound" as const,
      source: "synced",
      platformData: { ...item.message.platformData, source: "whatsapp_business_app" },
    },
  };
};

const ZAccountUpdate = z
  .object({ event: z.string(), ban_info: z.object({ waba_ban_state: z.string().optional() }).loose().optional() })
  .loose();
const ENDS_ACCESS: Record<string, string> = {
  PARTNER_REMOVED: "The business removed the app's access to its WhatsApp Business Account",
  PARTNER_APP_UNINSTALLED: "The app was uninstalled from the WhatsApp Business Account",
  ACCOUNT_DELETED: "The WhatsApp Business Account was deleted",
};

const readAccountUpdate = (change: GraphChange): InboundItem => {
  const value = ZAccountUpdate.parse(change.value);
  const reason =
    ENDS_ACCESS[value.event] ??
    (value.event === "DISABLED_UPDATE" && value.ban_info?.waba_ban_state === "DISABLE"
      ? "The WhatsApp Business Account was disabled"
      : null);
  return reason
    ? { kind: "deauthorized", account: change.account, reason, at: change.time }
    : { kind: "account_changed", account: change.account, resync: "placements" };
};

const readChange = (change: GraphChange): InboundItem[] => {
  switch (change.field) {
    case "messages":
      break;
    case "smb_message_echoes": {
      const value = ZEchoes.parse(change.value);
      return value.message_echoes.map((m) =>
        m.type === "reaction"
          ? { kind: "ignored" as const, reason: "a reaction from the phone app" }
          : readEcho(change.account, value, m),
      );
    }
    case "message_template_status_update":
    case "message_template_quality_update":
    case "template_category_update":
      return [{ kind: "account_changed", account: change.account, resync: "state" }];
    case "phone_number_quality_update":
    case "phone_number_name_update":
      return [{ kind: "account_changed", account: change.account, resync: "placements" }];
    case "account_update":
      return [readAccountUpdate(change)];
    default:
      return [{ kind: "ignored", reason: `field ${change.field}` }];
  }
  const value = ZValue.parse(change.value);
  const items = [
    ...(value.messages ?? []).map((m) =>
      m.type === "reaction" ? readReaction(change.account, m) : readMessage(change.account, value, m),
    ),
    ...(value.statuses ?? []).map((s) => readStatus(change.account, s)),
  ];
  return items.length ? items : [{ kind: "ignored", reason: "messages change without messages or statuses" }];
};

export const whatsappInbound = <TSettings extends { client_secret: string; webhook_verify_token?: string }>() =>
  metaInbound<TSettings>({ object: "whatsapp_business_account", readChange });
