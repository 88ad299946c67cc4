import { describe, expect, it } from "vitest";
import { googleApiError } from "@/testing/fakes/google";
import { failure } from "@/testing/network-errors";
import { googleBusinessConnector } from "../google_business";
import { youtubeConnector } from "../youtube";
import {
  DEFAULT_RATE_LIMIT_MS,
  DEFAULT_UNAVAILABLE_MS,
  QUOTA_RESET_MARGIN_MS,
  mapGoogleError,
  msUntilPacificMidnight,
} from "./errors";

const HOUR = 3_600_000;

describe("Google error mapping", () => {
  it("an expired or revoked grant is auth_expired: API 401/UNAUTHENTICATED, token invalid_grant, userinfo 401", () => {
    const api = youtubeConnector.mapError(
      failure(
        401,
        googleApiError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.", {
          reason: "authError",
          errorInfo: "ACCESS_TOKEN_EXPIRED",
        }),
      ),
    );
    expect(api).toMatchObject({
      kind: "auth_expired",
      details: { platformErrorCode: "authError", platformErrorSubcode: "UNAUTHENTICATED" },
    });
    expect(
      googleBusinessConnector.mapError(
        failure(400, { error: "invalid_grant", error_description: "Token has been expired or revoked." }),
      ),
    ).toMatchObject({
      kind: "auth_expired",
      details: { platformErrorCode: "invalid_grant", platformErrorMessage: "Token has been expired or revoked." },
    });
    expect(
      mapGoogleError(failure(401, { error: "invalid_request", error_description: "Invalid Credentials" })),
    ).toMatchObject({ kind: "auth_expired" });
    expect(mapGoogleError(failure(401, "<html>Unauthorized</html>"))).toMatchObject({ kind: "auth_expired" });
  });

  it("a misconfigured client is rejected, not auth_expired", () => {
    expect(mapGoogleError(failure(401, { error: "invalid_client", error_description: "Unauthorized" }))).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "invalid_client" },
    });
  });

  it("rate limits wait for Retry-After, else a minute", () => {
    const gbp = googleApiError(429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'Requests'", {
      errorInfo: "RATE_LIMIT_EXCEEDED",
    });
    expect(mapGoogleError(failure(429, gbp, { "retry-after": "30" }))).toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 30_000,
      details: { platformErrorCode: "RATE_LIMIT_EXCEEDED" },
    });
    expect(mapGoogleError(failure(429, gbp))).toMatchObject({
      kind: "rate_limited",
      retryAfterMs: DEFAULT_RATE_LIMIT_MS,
    });
    for (const reason of ["rateLimitExceeded", "userRateLimitExceeded"]) {
      const body = googleApiError(403, "PERMISSION_DENIED", "Rate Limit Exceeded", { reason, domain: "usageLimits" });
      expect(mapGoogleError(failure(403, body))).toMatchObject({
        kind: "rate_limited",
        retryAfterMs: DEFAULT_RATE_LIMIT_MS,
        details: { platformErrorCode: reason },
      });
    }
  });

  it("YouTube's daily quota waits until the next midnight Pacific time", () => {
    const body = googleApiError(
      403,
      "PERMISSION_DENIED",
      "The request cannot be completed because you have exceeded your quota.",
      {
        reason: "quotaExceeded",
        domain: "youtube.quota",
      },
    );
    const now = Date.parse("2026-07-01T06:00:00Z"); // 23:00 PDT on June 30
    expect(mapGoogleError(failure(403, body), { now })).toMatchObject({
      kind: "rate_limited",
      retryAfterMs: HOUR + QUOTA_RESET_MARGIN_MS,
      details: { platformErrorCode: "quotaExceeded", platformErrorSubcode: "PERMISSION_DENIED" },
    });
    expect(mapGoogleError(failure(403, body, { "retry-after": "120" }), { now }).retryAfterMs).toBe(120_000);
  });

  it("computes midnight Pacific across daylight-saving changes", () => {
    expect(msUntilPacificMidnight(Date.parse("2026-01-15T08:00:00Z"))).toBe(24 * HOUR); // 00:00 PST
    expect(msUntilPacificMidnight(Date.parse("2026-01-15T20:30:00Z"))).toBe(11.5 * HOUR); // 12:30 PST
    expect(msUntilPacificMidnight(Date.parse("2026-03-08T08:00:00Z"))).toBe(23 * HOUR); // spring forward that day
    expect(msUntilPacificMidnight(Date.parse("2026-11-01T07:00:00Z"))).toBe(25 * HOUR); // fall back that day
    expect(msUntilPacificMidnight(Date.parse("2026-07-01T06:59:59.500Z"))).toBe(500);
  });

  it("5xx: outcome_unknown for writes and code exchanges, retry later for reads", () => {
    const body = googleApiError(503, "UNAVAILABLE", "The service is currently unavailable.", {
      reason: "backendError",
    });
    expect(youtubeConnector.mapError(failure(503, body))).toMatchObject({
      kind: "outcome_unknown",
      details: { platformErrorCode: "backendError" },
    });
    expect(mapGoogleError(failure(503, body), { read: true })).toMatchObject({
      kind: "rate_limited",
      retryAfterMs: DEFAULT_UNAVAILABLE_MS,
    });
    expect(
      mapGoogleError(failure(502, "<html>Bad Gateway</html>", { "retry-after": "5" }), { read: true }),
    ).toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 5000,
    });
    expect(mapGoogleError(failure(500, { error: "internal_failure" }))).toMatchObject({ kind: "outcome_unknown" });
  });

  it("anything else is rejected with the reason (or status) and Google's message", () => {
    const forbidden = googleApiError(403, "PERMISSION_DENIED", "The request is not properly authorized.", {
      reason: "forbidden",
      domain: "youtube.video",
    });
    expect(youtubeConnector.mapError(failure(403, forbidden))).toMatchObject({
      kind: "rejected",
      message: "Google: The request is not properly authorized. (forbidden)",
      details: {
        platformErrorCode: "forbidden",
        platformErrorSubcode: "PERMISSION_DENIED",
        platformErrorMessage: "The request is not properly authorized.",
      },
    });
    const scopes = googleApiError(403, "PERMISSION_DENIED", "Request had insufficient authentication scopes.", {
      errorInfo: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
    });
    expect(mapGoogleError(failure(403, scopes)).details.platformErrorCode).toBe("ACCESS_TOKEN_SCOPE_INSUFFICIENT");
    const invalid = googleApiError(400, "INVALID_ARGUMENT", "Request contains an invalid argument.");
    expect(mapGoogleError(failure(400, invalid))).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "INVALID_ARGUMENT", platformErrorSubcode: null },
    });
    expect(mapGoogleError(failure(404, "Not Found"))).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "404", platformErrorMessage: "Not Found" },
    });
    expect(
      mapGoogleError(failure(400, { error: "redirect_uri_mismatch", error_description: "Bad Request" })),
    ).toMatchObject({ kind: "rejected" });
  });
});
