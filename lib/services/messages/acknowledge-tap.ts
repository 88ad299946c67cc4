import "server-only";
import type { Profile } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { connectorFor } from "@/lib/networks/registry";
import type { InboundMessage } from "@/lib/networks/types";
import { profileAuthOf } from "@/lib/services/connections/profile-auth";
import { freshAuth } from "@/lib/services/posts/publish-input";
import { messagingContext } from "./support";

// A participant's tap, just stored, acknowledged on the network where it wants that (the connector's
// `messaging.acknowledgeTap`). Called once, right after the tap is first stored: a redelivered update
// finds it stored and acknowledges nothing. A failure is logged and not retried (the network lets the
// tap's spinner run out by itself; the message is kept either way).
export const acknowledgeTap = async (profile: Profile, message: InboundMessage) => {
  if (!message.tappedAction || message.direction !== "inbound") return;
  const connector = connectorFor({ platform: profile.platform, environment: profile.environment });
  const acknowledge = connector.messaging?.acknowledgeTap;
  if (!acknowledge) return;
  try {
    const fresh = await freshAuth(connector, profile.id);
    await acknowledge(messagingContext(connector, profile.id), { auth: profileAuthOf(fresh), message });
  } catch (err) {
    log.warn("tap acknowledgement failed", {
      profileId: profile.id,
      messageExternalId: message.externalId,
      error: err instanceof Error ? err.message : String(err),
    });
  }
};
