import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { parseAllowlist } from "@/lib/net/address-policy";
import { applyForwardingPolicy, clientAddress } from "./client-address";

// Finding 4 of the authentication review: the sign-in throttle took the client's address from an
// X-Forwarded-For the client can send itself. Forwarding headers now count only from TRUSTED_PROXIES.

const seen = (headers: IncomingHttpHeaders, peer: string, trusted?: string) => {
  const copy = { ...headers };
  applyForwardingPolicy(copy, peer, parseAllowlist(trusted));
  return copy;
};

describe("forwarding headers", () => {
  const forged = {
    host: "app.example",
    "x-forwarded-for": "198.51.100.1, 198.51.100.2",
    "x-forwarded-host": "evil.example",
    "x-forwarded-proto": "https",
    "x-real-ip": "198.51.100.3",
  };

  it("without TRUSTED_PROXIES, the client's own X-Forwarded-* are dropped: the address is the peer's", () => {
    const headers = seen(forged, "::ffff:203.0.113.5");
    expect(headers).toEqual({ host: "app.example", "x-forwarded-for": "203.0.113.5" });
    expect(clientAddress(headers)).toBe("203.0.113.5");
    // the same from a peer that is not one of the trusted proxies
    expect(clientAddress(seen(forged, "203.0.113.5", "10.0.0.0/8"))).toBe("203.0.113.5");
  });

  it("from a trusted proxy, the nearest untrusted address of the chain is the client; host and scheme are kept", () => {
    const headers = seen(
      { ...forged, "x-forwarded-for": "198.51.100.1, 203.0.113.9, 10.0.0.7" },
      "10.0.0.2",
      "10.0.0.0/8",
    );
    expect(clientAddress(headers)).toBe("203.0.113.9"); // 10.0.0.7 is a proxy too; 198.51.100.1 the client's claim
    expect(headers["x-forwarded-host"]).toBe("evil.example");
    expect(headers["x-forwarded-proto"]).toBe("https");
    expect(headers["x-real-ip"]).toBeUndefined();
    // a proxy that forwards no chain: the proxy is the client
    expect(clientAddress(seen({}, "10.0.0.2", "10.0.0.2"))).toBe("10.0.0.2");
  });
});
