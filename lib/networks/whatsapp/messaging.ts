import { z } from "zod";
import { NetworkError } from "../errors";
import { graphRequest, graphUrl, requireToken } from "../graph/request";
import { mediaTypeOfUrl } from "../message-media";
import type { ConnectorContext, MessageRequest, Messaging } from "../types";
import { isOneEmoji } from "../emoji";
import { payloadProblems } from "./payloads";
import { whatsappTyping } from "./typing";

// WhatsApp Cloud API messages (networks.md "whatsapp"): POST /{phone-number-id}/messages with
// {messaging_product: "whatsapp", recipient_type, to, type, <type>: {...}, context?: {message_id}},
// answered {messaging_product, contacts: [{input, wa_id}], messages: [{id: "wamid…"}]}. Exactly one
// payload per call (text, media by link, template, interactive, location, contacts); media takes no
// caption here (the spec's rule). Free-form messages only within 24 hours of the customer's last
// message; a template, or `category: utility` with a body (the network decides), goes out at any time.
// A send cannot be read back: an unanswered one ends delivery_unconfirmed.

type Settings = { client_secret: string; api_version: string; graph_url: string };
type Mapper = Parameters<typeof graphRequest>[1];

const ZSent = z.object({ messages: z.array(z.object({ id: z.string() }).loose()).min(1) }).loose();
const ZSuccess = z.object({ success: z.boolean() }).loose();

const PAYLOADS = ["body", "media", "template", "interactive", "location", "contacts"] as const;

const check = (request: MessageRequest, chat: { group: boolean }): string[] => {
  const problems: string[] = [];
  const kinds = PAYLOADS.filter((key) => request[key] !== undefined);
  if (kinds.length > 1)
    problems.push(`Exactly one of ${PAYLOADS.join(", ")} per WhatsApp message (got ${kinds.join(", ")})`);
  if (request.category && kinds.some((k) => k !== "body")) problems.push("category: utility is only allowed with body");
  if (request.interactive && chat.group) problems.push("interactive messages cannot be sent to groups");
  if (request.link_preview !== undefined && !request.body) problems.push("link_preview only applies to a body");
  if (request.voice_note !== undefined && !(request.media && mediaTypeOfUrl(request.media[0]!) === "audio"))
    problems.push("voice_note only applies to audio media");
  if (request.filename !== undefined && !(request.media && mediaTypeOfUrl(request.media[0]!) === "file"))
    problems.push("filename only applies to a document");
  if ((request.body?.length ?? 0) > 4096) problems.push("body: at most 4,096 characters");
  return [...problems, ...payloadProblems(request)];
};

const language = (value: string | { code: string }) => (typeof value === "string" ? { code: value } : value);

// The one payload of a Cloud API message.
const payloadOf = (r: MessageRequest): Record<string, unknown> => {
  if (r.template)
    return {
      type: "template",
      template: {
        name: r.template.name,
        language: language(r.template.language),
        ...(r.template.components && { components: r.template.components }),
      },
    };
  if (r.interactive) return { type: "interactive", interactive: r.interactive };
  if (r.location) return { type: "location", location: r.location };
  if (r.contacts) return { type: "contacts", contacts: r.contacts };
  const media = r.media?.[0];
  if (media) {
    const kind = mediaTypeOfUrl(media);
    const type = kind === "file" ? "document" : kind === "sticker" || kind === "story_mention" ? "image" : kind;
    return {
      type,
      [type]: {
        link: media,
        ...(type === "document" && r.filename && { filename: r.filename }),
        ...(type === "audio" && r.voice_note && { voice: true }),
      },
    };
  }
  return {
    type: "text",
    text: { body: r.body ?? "", ...(r.link_preview !== undefined && { preview_url: r.link_preview }) },
  };
};

export const whatsappMessaging = (connector: Mapper & { displayName: string }): Messaging<Settings> => ({
  windowHours: 24,
  reportsStatuses: true, // statuses sent/delivered/read/failed arrive by webhook (inbound.ts)
  // The spec's limits: images 5 MB, video and audio 16 MB, documents 100 MB.
  mediaLimits: { image: 5 * 1024 * 1024, video: 16 * 1024 * 1024, audio: 16 * 1024 * 1024, file: 100 * 1024 * 1024 },
  participantWritesFirst: false,
  placementRequired: true,
  participantId: (raw) => {
    const digits = raw.replace(/\D/g, "");
    // Group ids are not phone numbers; phone numbers are 7 to 15 digits (E.164).
    return /^\d{7,15}$/.test(digits) ? digits : /^[0-9]+-?[0-9]*@g\.us$/.test(raw.trim()) ? raw.trim() : null;
  },
  fields: new Set([
    "body",
    "media",
    "template",
    "interactive",
    "location",
    "contacts",
    "category",
    "link_preview",
    "voice_note",
    "filename",
    "reply_to_external_id",
  ]),
  check,
  bypassesWindow: (r) => r.template !== undefined || (r.category === "utility" && r.body !== undefined),
  send: async (ctx: ConnectorContext<Settings>, { auth, placement, participantExternalId, group, request }) => {
    if (!placement) throw new NetworkError("rejected", "A WhatsApp message needs the phone number it is sent from");
    const sent = await graphRequest(
      ctx,
      connector,
      {
        url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, `${placement.externalId}/messages`),
        method: "POST",
        form: {
          messaging_product: "whatsapp",
          recipient_type: group ? "group" : "individual",
          to: participantExternalId,
          ...Object.fromEntries(
            Object.entries(payloadOf(request)).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
          ),
          ...(request.reply_to_external_id && {
            context: JSON.stringify({ message_id: request.reply_to_external_id }),
          }),
        },
        token: requireToken(auth),
        appSecret: ctx.settings.client_secret,
      },
      ZSent,
    );
    return { externalId: sent.messages[0]!.id };
  },
  // Our reaction: a message of type reaction {message_id, emoji} to the customer (any one emoji), like
  // any free-form message only within the window.
  react: {
    accepts: (reaction) => (isOneEmoji(reaction) ? null : "reaction: WhatsApp takes a single emoji"),
    send: async (ctx, { auth, placement, participantExternalId, messageExternalId, reaction }) => {
      if (!placement) throw new NetworkError("rejected", "A WhatsApp reaction needs the phone number of the chat");
      await graphRequest(
        ctx,
        connector,
        {
          url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, `${placement.externalId}/messages`),
          method: "POST",
          form: {
            messaging_product: "whatsapp",
            recipient_type: "individual",
            to: participantExternalId,
            type: "reaction",
            reaction: JSON.stringify({ message_id: messageExternalId, emoji: reaction }),
          },
          token: requireToken(auth),
          appSecret: ctx.settings.client_secret,
        },
        ZSent,
      );
    },
  },
  // The typing indicator goes with marking the customer's last message read (typing.ts).
  typing: whatsappTyping(connector),
  // The read receipt: POST /{phone-number-id}/messages {messaging_product, status: "read", message_id}
  // marks that message and every earlier one read (blue ticks on the customer's phone).
  markRead: async (ctx: ConnectorContext<Settings>, { auth, placement, lastInboundExternalId }) => {
    if (!placement)
      throw new NetworkError("rejected", "A WhatsApp read receipt needs the phone number it is sent from");
    await graphRequest(
      ctx,
      connector,
      {
        url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, `${placement.externalId}/messages`),
        method: "POST",
        form: { messaging_product: "whatsapp", status: "read", message_id: lastInboundExternalId },
        token: requireToken(auth),
        appSecret: ctx.settings.client_secret,
      },
      ZSuccess,
    );
  },
});
