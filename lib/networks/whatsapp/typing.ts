import { z } from "zod";
import { NetworkError } from "../errors";
import { graphRequest, graphUrl, requireToken } from "../graph/request";
import type { ConnectorContext, Messaging } from "../types";

// WhatsApp's typing indicator (Cloud API): POST /{phone-number-id}/messages {messaging_product,
// status: "read", message_id: <the customer's last message>, typing_indicator: {type: "text"}} marks that
// message read and shows "typing…" until we answer or for about 25 seconds. There is no call to hide it:
// `stop` is left out (the API then calls nothing). Needs a customer message to answer.
// Wired into the connector's messaging (messaging.ts) as `typing: whatsappTyping(connector)`.

type Settings = { client_secret: string; api_version: string; graph_url: string };
type Mapper = Parameters<typeof graphRequest>[1];
const ZSuccess = z.object({ success: z.boolean() }).loose();

export const whatsappTyping = (connector: Mapper): NonNullable<Messaging<Settings>["typing"]> => ({
  start: async (ctx: ConnectorContext<Settings>, { auth, placement, lastInboundExternalId }) => {
    if (!placement)
      throw new NetworkError("rejected", "A WhatsApp typing indicator needs the phone number of the chat");
    if (!lastInboundExternalId)
      throw new NetworkError(
        "rejected",
        "A WhatsApp typing indicator answers a customer message: none in this chat yet",
      );
    await graphRequest(
      ctx,
      connector,
      {
        url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, `${placement.externalId}/messages`),
        method: "POST",
        form: {
          messaging_product: "whatsapp",
          status: "read",
          message_id: lastInboundExternalId,
          typing_indicator: JSON.stringify({ type: "text" }),
        },
        token: requireToken(auth),
        appSecret: ctx.settings.client_secret,
      },
      ZSuccess,
    );
  },
});
