import type { ConnectorContext, Inbound, InboundItem } from "../types";
import {
  graphChanges,
  graphMessaging,
  isSignedRequest,
  metaHandshake,
  parseSignedRequest,
  verifyMetaDelivery,
  type GraphChange,
  type GraphMessagingEvent,
} from "./webhooks";

// The inbound capability of a Meta connector: the app's handshake and signature (webhooks.ts), the
// deauthorize callback, and the connector's own reading of each change of its webhook object.

type MetaSettings = { client_id?: string; client_secret: string; webhook_verify_token?: string };

export const metaInbound = <TSettings extends MetaSettings>({
  object,
  readChange,
  parseBody,
  readMessaging,
}: {
  object: string; // the envelope's `object` ("page", "instagram")
  readChange?: (change: GraphChange) => InboundItem | InboundItem[]; // several: a WhatsApp change batches messages
  parseBody?: (body: string) => InboundItem[]; // networks whose payload is not the Graph envelope (threads)
  // Messenger Platform events of the entries (`entry.messaging`: direct messages, facebook and instagram).
  readMessaging?: (event: GraphMessagingEvent, settings: TSettings) => InboundItem[];
}): Inbound<TSettings> => ({
  verification: {
    scope: "app",
    handshake: (ctx: ConnectorContext<TSettings>, query) => metaHandshake(ctx.settings, query),
    verify: (ctx: ConnectorContext<TSettings>, request) => verifyMetaDelivery(ctx.settings.client_secret, request),
  },
  parse: (ctx, request) => {
    if (isSignedRequest(request)) return parseSignedRequest(request.body);
    if (parseBody) return parseBody(request.body);
    const changes = graphChanges(request.body, object).flatMap(
      (change) => readChange?.(change) ?? { kind: "ignored" as const, reason: `field ${change.field}` },
    );
    const messaging = graphMessaging(request.body, object).flatMap(
      (event) => readMessaging?.(event, ctx.settings) ?? { kind: "ignored" as const, reason: "messaging event" },
    );
    return [...changes, ...messaging];
  },
});

// Unix seconds or an ISO 8601 time (Meta writes offsets as +0000).
export const metaTime = (value: unknown): Date | null => {
  if (typeof value === "number") return new Date(value > 1e12 ? value : value * 1000);
  if (typeof value !== "string" || value === "") return null;
  const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return Number.isNaN(date.getTime()) ? null : date;
};
