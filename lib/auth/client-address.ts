import type { IncomingHttpHeaders } from "node:http";
import { isIP } from "node:net";
import { hookServerRequests } from "@/lib/runtime/server-request-hook";
import { trustedProxies } from "@/lib/env";
import { parseAllowlist, type HostAllowlist } from "@/lib/net/address-policy";

// Who a request came from, and which forwarding headers to believe.
//
// A route handler cannot see the TCP peer: `next start` only fills X-Forwarded-For (and -Host, -Proto,
// -Port) with what it saw when the request has none (node_modules/next/dist/server/base-server.js, the
// `??=` lines), so a client's own header would pass for the truth. The HTTP server therefore rewrites those
// headers before Next reads them (applyForwardingPolicy, installed for every server of the process by
// instrumentation.ts): from a peer outside TRUSTED_PROXIES every forwarding header is dropped and
// X-Forwarded-For becomes the peer's address; from a trusted proxy X-Forwarded-Host/-Proto/-Port are kept
// and X-Forwarded-For becomes the nearest address in its chain that is not itself a trusted proxy.
// Afterwards X-Forwarded-For holds exactly one address, the client's, for clientAddress below.

const FORWARDING_HEADERS = [
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-real-ip",
  "forwarded",
] as const;

let trusted: { spec: string | undefined; list: HostAllowlist } | undefined;
const trustedList = (): HostAllowlist => {
  const spec = trustedProxies();
  if (!trusted || trusted.spec !== spec) trusted = { spec, list: parseAllowlist(spec) };
  return trusted.list;
};

// "::ffff:192.0.2.1" (an IPv4 client of a dual-stack socket) is 192.0.2.1.
const plain = (address: string): string => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "").slice(0, 64);

const isTrusted = (address: string, list: HostAllowlist): boolean => {
  const family = isIP(address);
  return family !== 0 && list.addresses.check(address, family === 4 ? "ipv4" : "ipv6");
};

const listOf = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value.join(",") : (value ?? ""))
    .split(",")
    .map((s) => plain(s.trim()))
    .filter(Boolean);

export const applyForwardingPolicy = (
  headers: IncomingHttpHeaders,
  peerAddress: string | undefined,
  list: HostAllowlist = trustedList(),
) => {
  const peer = plain(peerAddress ?? "unknown");
  const chain = [...listOf(headers["x-forwarded-for"]), peer];
  const fromProxy = isTrusted(peer, list);
  for (const name of FORWARDING_HEADERS) {
    if (!fromProxy || name === "x-real-ip" || name === "forwarded") delete headers[name];
  }
  let client = peer;
  if (fromProxy) {
    for (let i = chain.length - 1; i >= 0; i--) {
      client = chain[i]!;
      if (!isTrusted(client, list)) break;
    }
  }
  headers["x-forwarded-for"] = client;
};

// Installed once by instrumentation.ts: runs before Next sees a request.
export const installForwardingPolicy = () =>
  hookServerRequests("forwarding-policy", (req) => applyForwardingPolicy(req.headers, req.socket?.remoteAddress));

// The client's address, for throttling: X-Forwarded-For as applyForwardingPolicy left it (its last entry,
// should anything have appended to it since).
export const clientAddress = (headers: Record<string, unknown> | Headers | undefined): string => {
  const get = (name: string): string | undefined => {
    if (!headers) return undefined;
    const value = headers instanceof Headers ? headers.get(name) : headers[name];
    return typeof value === "string"
      ? value
      : Array.isArray(value) && typeof value[0] === "string"
        ? value.join(",")
        : undefined;
  };
  return listOf(get("x-forwarded-for")).at(-1) ?? "unknown";
};
