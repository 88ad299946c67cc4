import { NetworkError } from "../errors";
import { metaMessagingRules } from "../graph/messaging-rules";
import { graphRequest, graphUrl, requireToken } from "../graph/request";
import { senderActionForm, sendApiForm, ZSendAnswer, ZSenderActionAnswer } from "../graph/send-api";
import type { Messaging } from "../types";
import { instagramIceBreakers } from "./ice-breakers";
import { instagramApi, type InstagramSettings } from "./settings";

// Instagram messaging (Instagram API with Instagram Login): POST graph.instagram.com/{ig-id}/messages
// with the user token and the Send API body (graph/send-api.ts). Instagram takes quick replies neither
// with media nor with buttons, and caps the body at 80 characters with buttons. A send cannot be read
// back by our message id: an unanswered one ends delivery_unconfirmed.
const MB = 1024 * 1024;
export const INSTAGRAM_MESSAGING_RULES = metaMessagingRules({
  bodyCapWithButtons: 80,
  quickRepliesCombine: false,
  placementRequired: false,
  // Instagram messaging's attachment limits: images 8 MB; video, audio and files 25 MB.
  mediaLimits: { image: 8 * MB, video: 25 * MB, audio: 25 * MB, file: 25 * MB },
});

export const instagramMessaging: Messaging<InstagramSettings> = {
  ...INSTAGRAM_MESSAGING_RULES,
  iceBreakers: instagramIceBreakers,
  send: async (ctx, { auth, participantExternalId, request, privateReplyTo }) => {
    if (!auth.externalId)
      throw new NetworkError("rejected", "The Instagram account of the profile is unknown; reconnect it");
    const sent = await graphRequest(
      ctx,
      instagramApi,
      {
        url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, `${auth.externalId}/messages`),
        method: "POST",
        form: sendApiForm(participantExternalId, request, privateReplyTo),
        token: requireToken(auth),
      },
      ZSendAnswer,
    );
    return { externalId: sent.message_id, recipientId: sent.recipient_id ?? null };
  },
  // sender_action react with `love`, the one reaction Instagram's API sends.
  react: {
    accepts: (reaction) => (reaction.toLowerCase() === "love" ? null : "reaction: Instagram accepts love only"),
    send: async (ctx, { auth, participantExternalId, messageExternalId }) => {
      if (!auth.externalId)
        throw new NetworkError("rejected", "The Instagram account of the profile is unknown; reconnect it");
      await graphRequest(
        ctx,
        instagramApi,
        {
          url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, `${auth.externalId}/messages`),
          method: "POST",
          form: senderActionForm(participantExternalId, "react", { message_id: messageExternalId, reaction: "love" }),
          token: requireToken(auth),
        },
        ZSenderActionAnswer,
      );
    },
  },
};
