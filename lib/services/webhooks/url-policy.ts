import "server-only";
import { unprocessable } from "@/lib/errors";
import { findForbiddenAddress, plainHostname, type HostAllowlist, type Resolver } from "@/lib/net/address-policy";

// Webhook URLs: HTTPS only, and never a loopback, private, link-local or otherwise internal address (SSRF;
// the generic guard is lib/net/address-policy). The check runs when a URL is saved and again on every
// connection (attempt-delivery passes `guardedLookup`). WEBHOOK_ALLOWED_PRIVATE_HOSTS opens specific hosts.

// For API input: 422 when the URL is not HTTPS, does not resolve, or resolves to an internal address.
export const assertDeliverableUrl = async (url: string, allow: HostAllowlist, resolver?: Resolver): Promise<void> => {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:") throw unprocessable(["url must use HTTPS"]);
  const hostname = plainHostname(parsed);
  let forbidden: string | null;
  try {
    forbidden = await findForbiddenAddress(hostname, allow, resolver);
  } catch {
    throw unprocessable([`url host ${hostname} does not resolve`]);
  }
  if (forbidden !== null) {
    throw unprocessable([`url must not point to a private, loopback or link-local address (${hostname})`]);
  }
};
