import "server-only";
import { createHmac } from "node:crypto";
import { appUrl, encryptionKey } from "@/lib/env";

// Per-profile receivers (/inbound/<platform>/<profile id>) carry a secret we give the network when the
// receiver is registered (telegram's secret_token). It is derived from the app's key and the profile id,
// so nothing is stored, and it is 64 hex characters (within Telegram's 1-256 of A-Z, a-z, 0-9, _ and -).
export const profileInboundSecret = (profileId: string) =>
  createHmac("sha256", encryptionKey()).update(`inbound-receiver:${profileId}`).digest("hex");

// Where the networks deliver: one URL per network for app-signed webhooks, one per profile otherwise.
export const inboundUrl = (platform: string, profileId?: string) =>
  `${appUrl()}/inbound/${platform}${profileId ? `/${profileId}` : ""}`;
