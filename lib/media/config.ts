import "server-only";
import { env } from "@/lib/env";
import { parseAllowlist, type HostAllowlist } from "@/lib/net/address-policy";

// Media downloads: 10 s to connect, 120 s for the whole file (redirects included), at most 5 redirects.
export const CONNECT_TIMEOUT_MS = 10_000;
export const DOWNLOAD_TIMEOUT_MS = 120_000;
export const MAX_REDIRECTS = 5;
export const USER_AGENT = "Service-Media/1.0";

let cached: { spec: string | undefined; allowlist: HostAllowlist } | undefined;

// Private hosts media URLs may point to (MEDIA_ALLOWED_PRIVATE_HOSTS).
export const mediaAllowlist = (): HostAllowlist => {
  const spec = env().MEDIA_ALLOWED_PRIVATE_HOSTS;
  if (!cached || cached.spec !== spec) cached = { spec, allowlist: parseAllowlist(spec) };
  return cached.allowlist;
};
