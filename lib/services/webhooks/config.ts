import "server-only";
import { env } from "@/lib/env";
import { parseAllowlist, type HostAllowlist } from "@/lib/net/address-policy";

// Delivery policy from the spec: 5 attempts, delays before attempts 1-5, 10 s to connect, 30 s to answer.
export const DELIVERY_DELAYS_MS = [0, 60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
export const MAX_ATTEMPTS = DELIVERY_DELAYS_MS.length;
export const CONNECT_TIMEOUT_MS = 10_000;
export const RESPONSE_TIMEOUT_MS = 30_000;
export const USER_AGENT = "Service-Webhooks/1.0";

let cached: { spec: string | undefined; allowlist: HostAllowlist } | undefined;

export const webhookPolicy = () => {
  const spec = env().WEBHOOK_ALLOWED_PRIVATE_HOSTS;
  if (!cached || cached.spec !== spec) cached = { spec, allowlist: parseAllowlist(spec) };
  return { allowlist: cached.allowlist };
};
