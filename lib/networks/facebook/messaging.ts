import { metaMessagingRules } from "../graph/messaging-rules";
import {
  MESSENGER_REACTIONS,
  senderActionForm,
  sendApiForm,
  ZSendAnswer,
  ZSenderActionAnswer,
} from "../graph/send-api";
import type { Messaging } from "../types";
import { pageCall, pageOf } from "./page";
import type { FacebookSettings } from "./settings";

// Messenger: chats run on a Page (the placement, with the Page's token); POST /{page-id}/messages with
// the Send API body (graph/send-api.ts). Facebook takes quick replies with media and with buttons, and
// caps the body at 220 characters with buttons. A send cannot be read back by our message id: an
// unanswered one ends delivery_unconfirmed.
const MB = 1024 * 1024;
export const FACEBOOK_MESSAGING_RULES = metaMessagingRules({
  bodyCapWithButtons: 220,
  quickRepliesCombine: true,
  placementRequired: true,
  // The Send API's attachment limit, every kind.
  mediaLimits: { image: 25 * MB, video: 25 * MB, audio: 25 * MB, file: 25 * MB },
});

export const facebookMessaging: Messaging<FacebookSettings> = {
  ...FACEBOOK_MESSAGING_RULES,
  send: async (ctx, { placement, participantExternalId, request, privateReplyTo }) => {
    const page = pageOf(placement);
    const sent = await pageCall(ctx, page, `${page.id}/messages`, ZSendAnswer, {
      form: sendApiForm(participantExternalId, request, privateReplyTo),
    });
    return { externalId: sent.message_id, recipientId: sent.recipient_id ?? null };
  },
  // sender_action react with the emoji of a named reaction (like, love, haha, wow, sad, angry) or one of
  // those emoji.
  react: {
    accepts: (reaction) =>
      MESSENGER_REACTIONS[reaction.toLowerCase()] || Object.values(MESSENGER_REACTIONS).includes(reaction)
        ? null
        : `reaction: Facebook takes ${Object.keys(MESSENGER_REACTIONS).join(", ")} (or their emoji)`,
    send: async (ctx, { placement, participantExternalId, messageExternalId, reaction }) => {
      const page = pageOf(placement);
      await pageCall(ctx, page, `${page.id}/messages`, ZSenderActionAnswer, {
        form: senderActionForm(participantExternalId, "react", {
          message_id: messageExternalId,
          reaction: MESSENGER_REACTIONS[reaction.toLowerCase()] ?? reaction,
        }),
      });
    },
  },
  // The typing indicator (sender_action typing_on / typing_off) as the Page.
  typing: {
    start: async (ctx, { placement, participantExternalId }) => {
      const page = pageOf(placement);
      await pageCall(ctx, page, `${page.id}/messages`, ZSenderActionAnswer, {
        form: senderActionForm(participantExternalId, "typing_on"),
      });
    },
    stop: async (ctx, { placement, participantExternalId }) => {
      const page = pageOf(placement);
      await pageCall(ctx, page, `${page.id}/messages`, ZSenderActionAnswer, {
        form: senderActionForm(participantExternalId, "typing_off"),
      });
    },
  },
};
