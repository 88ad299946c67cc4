import "server-only";
import { lookup as dnsLookup } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

// Outgoing requests on behalf of users (webhook deliveries, media downloads) may not reach loopback,
// private, link-local or otherwise internal addresses (SSRF). Callers check a URL's host up front
// (`findForbiddenAddress`) and again on every connection (`guardedLookup`), so a DNS answer that changes
// after validation cannot smuggle a request inside. Self-hosters and tests open specific hosts with an
// allowlist (hostnames, IPs or CIDRs, comma-separated: WEBHOOK_ALLOWED_PRIVATE_HOSTS, MEDIA_ALLOWED_PRIVATE_HOSTS).

const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  INTERNAL.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const) {
  INTERNAL.addSubnet(net, prefix, "ipv6");
}

// The error code of a connection refused by `guardedLookup`.
export const INTERNAL_ADDRESS_CODE = "EINTERNALADDR";

export type HostAllowlist = { hostnames: Set<string>; addresses: BlockList };

export const parseAllowlist = (spec: string | undefined): HostAllowlist => {
  const allow: HostAllowlist = { hostnames: new Set(), addresses: new BlockList() };
  for (const entry of (spec ?? "").split(",").map((s) => s.trim().toLowerCase()).filter(Boolean)) {
    const [addr, bits] = entry.split("/");
    const family = isIP(addr ?? "");
    if (family && bits) allow.addresses.addSubnet(addr!, Number(bits), family === 4 ? "ipv4" : "ipv6");
    else if (family) allow.addresses.addAddress(addr!, family === 4 ? "ipv4" : "ipv6");
    else allow.hostnames.add(entry);
  }
  return allow;
};

const unmapV4 = (address: string) => (address.toLowerCase().startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address);

export const isInternalAddress = (address: string): boolean => {
  const plain = unmapV4(address);
  const family = isIP(plain);
  return family === 0 || INTERNAL.check(plain, family === 4 ? "ipv4" : "ipv6");
};

const isAllowed = (hostname: string, address: string, allow: HostAllowlist): boolean => {
  if (allow.hostnames.has(hostname.toLowerCase())) return true;
  const plain = unmapV4(address);
  const family = isIP(plain);
  return family !== 0 && allow.addresses.check(plain, family === 4 ? "ipv4" : "ipv6");
};

// An internal address the allowlist does not open.
export const isForbiddenAddress = (hostname: string, address: string, allow: HostAllowlist): boolean =>
  isInternalAddress(address) && !isAllowed(hostname, address, allow);

// A URL's hostname without the brackets of an IPv6 literal.
export const plainHostname = (url: URL): string => url.hostname.replace(/^\[|\]$/g, "");

// Every address of a host (an IP literal is its own answer); rejects when the name does not resolve.
export const resolveHost = (hostname: string): Promise<string[]> =>
  isIP(hostname)
    ? Promise.resolve([hostname])
    : new Promise((resolve, reject) =>
        dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
          err ? reject(err) : resolve(addresses.map((a) => a.address)),
        ),
      );

// The first address of `hostname` that may not be reached, or null when all may.
export const findForbiddenAddress = async (hostname: string, allow: HostAllowlist): Promise<string | null> =>
  (await resolveHost(hostname)).find((a) => isForbiddenAddress(hostname, a, allow)) ?? null;

// A dns.lookup replacement for outgoing requests: refuses internal addresses at connect time. Node does
// not call `lookup` for IP-literal hosts: check those with `findForbiddenAddress` before connecting.
export const guardedLookup =
  (allow: HostAllowlist): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, "", 0);
      const usable = addresses.filter((a) => !isForbiddenAddress(hostname, a.address, allow));
      if (usable.length === 0) {
        const refused = Object.assign(new Error(`Refusing to connect to an internal address for ${hostname}`), { code: INTERNAL_ADDRESS_CODE });
        return callback(refused, "", 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
