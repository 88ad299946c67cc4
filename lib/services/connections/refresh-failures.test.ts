import { describe, expect, it } from "vitest";
import { NetworkError, details } from "@/lib/networks/errors";
import { isPermanentRefreshFailure } from "./refresh-connections";

describe("which refresh failures disconnect a profile", () => {
  const error = (kind: NetworkError["kind"], code: string | null = null) =>
    new NetworkError(kind, "x", details(code, null, null));

  it("a revoked, expired or rotated grant does", () => {
    expect(isPermanentRefreshFailure(error("auth_expired"))).toBe(true);
    expect(isPermanentRefreshFailure(error("rejected", "invalid_grant"))).toBe(true);
    expect(isPermanentRefreshFailure(error("rejected", "invalid_request"))).toBe(true);
  });

  it("our own app's credentials being refused, throttling and unknown outcomes do not", () => {
    expect(isPermanentRefreshFailure(error("rejected", "invalid_client"))).toBe(false);
    expect(isPermanentRefreshFailure(error("rejected", "unauthorized_client"))).toBe(false);
    expect(isPermanentRefreshFailure(error("rate_limited"))).toBe(false);
    expect(isPermanentRefreshFailure(error("outcome_unknown"))).toBe(false);
    expect(isPermanentRefreshFailure(new Error("database down"))).toBe(false);
  });
});

describe("refresh schedule", () => {
  const expires = new Date("2026-03-01T00:00:00Z");
  const refresh = async () => ({ accessToken: "t" });

  it("refreshes 15 minutes ahead by default, earlier for long-lived tokens, never without a refresh", async () => {
    const { refreshAtFor } = await import("./refresh-schedule");
    expect(refreshAtFor({ refresh }, expires)?.toISOString()).toBe("2026-02-28T23:45:00.000Z");
    expect(refreshAtFor({ refresh, refreshLeadMs: 7 * 86_400_000 }, expires)?.toISOString()).toBe(
      "2026-02-22T00:00:00.000Z",
    );
    expect(refreshAtFor({}, expires)).toBeNull();
    expect(refreshAtFor({ refresh }, null)).toBeNull();
  });
});
