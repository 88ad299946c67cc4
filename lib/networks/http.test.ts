import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { NetworkError } from "./errors";
import { timedFetch } from "./http";

describe("timedFetch", () => {
  it("reports an unreachable network as transient (retry later), never as a refusal", async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((r) => probe.close(() => r())); // nothing listens there now
    const err = await timedFetch(2000)(`http://127.0.0.1:${port}/x`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ kind: "rate_limited", retryAfterMs: 60_000 });
  });

  it("reports a request that got no answer in time as outcome_unknown", async () => {
    const server = createServer(() => {}); // accepts, never answers
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    const err = await timedFetch(200)(`http://127.0.0.1:${port}/x`, { method: "POST" }).catch((e: unknown) => e);
    server.closeAllConnections();
    server.close();
    expect(err).toMatchObject({ kind: "outcome_unknown" });
  });
});
