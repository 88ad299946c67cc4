import "server-only";
import { lookup as dnsLookup } from "node:dns";
import type { LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

// Outgoing requests on behalf of users (webhook deliveries, media downloads) may not reach loopback,
// private, link-local or otherwise internal addresses (SSRF). Callers check a URL's host up front
// (`findForbiddenAddress`) and again on every connection (`guardedLookup`), so a DNS answer that changes
// after validation cannot smuggle a request inside. Self-hosters and tests open specific hosts with an
// allowlist (hostnames, IPs or CIDRs, comma-separated: WEBHOOK_ALLOWED_PRIVATE_HOSTS, MEDIA_ALLOWED_PRIVATE_HOSTS).

const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches the local host
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24], // documentation ranges: never a real receiver
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  INTERNAL.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 96], // unspecified, loopback and IPv4-compatible addresses (::127.0.0.1 is ::7f00:1)
  ["64:ff9b::", 96], // NAT64: reaches whatever IPv4 address it embeds
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001::", 32], // Teredo: tunnels to an embedded IPv4 address
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local (fd00::/8 included)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated, still routed by some stacks)
  ["ff00::", 8], // multicast
] as const) {
  INTERNAL.addSubnet(net, prefix, "ipv6");
}

// Names that are internal whatever DNS says: loopback names (RFC 6761), private-use and mDNS suffixes,
// and the cloud metadata services' names.
const INTERNAL_NAMES = /^(localhost|metadata|metadata\.goog|instance-data)$|\.(localhost|internal|local|home\.arpa)$/;
export const isInternalHostname = (hostname: string): boolean =>
  INTERNAL_NAMES.test(hostname.toLowerCase().replace(/\.$/, ""));

// The error code of a connection refused by `guardedLookup`.
export const INTERNAL_ADDRESS_CODE = "EINTERNALADDR";

export type HostAllowlist = { hostnames: Set<string>; addresses: BlockList };

export const parseAllowlist = (spec: string | undefined): HostAllowlist => {
  const allow: HostAllowlist = { hostnames: new Set(), addresses: new BlockList() };
  for (const entry of (spec ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)) {
    const [addr, bits] = entry.split("/");
    const family = isIP(addr ?? "");
    if (family && bits) allow.addresses.addSubnet(addr!, Number(bits), family === 4 ? "ipv4" : "ipv6");
    else if (family) allow.addresses.addAddress(addr!, family === 4 ? "ipv4" : "ipv6");
    else allow.hostnames.add(entry);
  }
  return allow;
};

// IPv6 forms that carry an IPv4 address the packet really goes to: IPv4-mapped (::ffff:a.b.c.d, also
// written ::ffff:7f00:1) and 6to4 (2002:AABB:CCDD::/48). Those are judged by the embedded IPv4 address.
const embeddedV4 = (address: string): string | null => {
  const words = expandV6(address.toLowerCase().replace(/%.*$/, ""));
  if (!words) return null;
  const mapped = words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff;
  if (mapped) return v4Of(words[6]!, words[7]!);
  if (words[0] === 0x2002) return v4Of(words[1]!, words[2]!);
  return null;
};

const v4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

// The eight 16-bit words of an IPv6 address in any notation, or null.
const expandV6 = (address: string): number[] | null => {
  if (isIP(address) !== 6) return null;
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split("::") as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(":").map((w) => parseInt(w, 16)) : []);
  const left = part(head);
  const right = part(rest);
  const fill = rest === undefined ? [] : Array<number>(8 - left.length - right.length).fill(0);
  const words = [...left, ...fill, ...right];
  return words.length === 8 ? words : null;
};

const familyOf = (address: string) => (isIP(address) === 4 ? "ipv4" : "ipv6");

export const isInternalAddress = (address: string): boolean => {
  const v4 = embeddedV4(address);
  if (v4) return isInternalAddress(v4);
  if (isIP(address) === 0) return true; // not an address: nothing to reach safely
  return INTERNAL.check(address, familyOf(address));
};

const isAllowed = (hostname: string, address: string, allow: HostAllowlist): boolean => {
  if (allow.hostnames.has(hostname.toLowerCase())) return true;
  const plain = embeddedV4(address) ?? address;
  return isIP(plain) !== 0 && allow.addresses.check(plain, familyOf(plain));
};

// An internal address (or a name that is internal by itself) the allowlist does not open.
export const isForbiddenAddress = (hostname: string, address: string, allow: HostAllowlist): boolean =>
  (isInternalAddress(address) || isInternalHostname(hostname)) && !isAllowed(hostname, address, allow);

// A URL's hostname without the brackets of an IPv6 literal.
export const plainHostname = (url: URL): string => url.hostname.replace(/^\[|\]$/g, "");

// DNS as used here: every address of a name (node's dns.lookup with all: true). Tests pass their own to
// play a resolver whose answers change.
export type Resolver = (
  hostname: string,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;
export const systemResolver: Resolver = (hostname, callback) =>
  dnsLookup(hostname, { all: true, verbatim: true }, callback);

// Every address of a host (an IP literal is its own answer); rejects when the name does not resolve.
export const resolveHost = (hostname: string, resolver: Resolver = systemResolver): Promise<string[]> =>
  isIP(hostname)
    ? Promise.resolve([hostname])
    : new Promise((resolve, reject) =>
        resolver(hostname, (err, addresses) => (err ? reject(err) : resolve(addresses.map((a) => a.address)))),
      );

// The first address of `hostname` that may not be reached, or null when all may.
export const findForbiddenAddress = async (
  hostname: string,
  allow: HostAllowlist,
  resolver?: Resolver,
): Promise<string | null> => {
  if (isInternalHostname(hostname) && !allow.hostnames.has(hostname.toLowerCase())) return hostname;
  return (await resolveHost(hostname, resolver)).find((a) => isForbiddenAddress(hostname, a, allow)) ?? null;
};

// For a URL about to be requested: whether its host is an IP literal (or an internal name) that may not be
// reached. Node never calls `lookup` for IP literals, so `guardedLookup` alone does not cover them.
export const isForbiddenLiteralHost = (url: URL, allow: HostAllowlist): boolean => {
  const hostname = plainHostname(url);
  return (isIP(hostname) !== 0 || isInternalHostname(hostname)) && isForbiddenAddress(hostname, hostname, allow);
};

// A dns.lookup replacement for outgoing requests: refuses internal addresses at connect time. Node does
// not call `lookup` for IP-literal hosts: check those with `findForbiddenAddress` before connecting.
export const guardedLookup =
  (allow: HostAllowlist, resolver: Resolver = systemResolver): LookupFunction =>
  (hostname, options, callback) => {
    resolver(hostname, (err, addresses) => {
      if (err) return callback(err, "", 0);
      const usable = addresses.filter((a) => !isForbiddenAddress(hostname, a.address, allow));
      if (usable.length === 0) {
        const refused = Object.assign(new Error(`Refusing to connect to an internal address for ${hostname}`), {
          code: INTERNAL_ADDRESS_CODE,
        });
        return callback(refused, "", 0);
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
