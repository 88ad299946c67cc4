import { describe, expect, it } from "vitest";
import { facebookConnector } from "../facebook";
import { instagramConnector } from "../instagram";
import { threadsConnector } from "../threads";
import { whatsappConnector } from "../whatsapp";
import { APP_USAGE_BACKOFF_MS, mapGraphError, usageRetryAfterMs } from "./errors";

const failure = (status: number, error: Record<string, unknown> | null, headers: Record<string, string> = {}) => ({
  status,
  body: error ? { error: { type: "OAuthException", fbtrace_id: "Axyz", ...error } } : null,
  headers: new Headers(headers),
});
const map = (...args: Parameters<typeof failure>) => mapGraphError("Facebook", failure(...args));

describe("Graph error mapping", () => {
  it("code 190 (any subcode) and 102 are auth_expired, with the platform details", () => {
    for (const subcode of [undefined, 458, 459, 460, 463, 464, 467]) {
      const err = map(400, { code: 190, error_subcode: subcode, message: "Error validating access token" });
      expect(err.kind).toBe("auth_expired");
      expect(err.details).toEqual({
        platformErrorCode: "190",
        platformErrorSubcode: subcode === undefined ? null : String(subcode),
        platformErrorMessage: "Error validating access token",
      });
    }
    expect(map(400, { code: 102, message: "Session key invalid" }).kind).toBe("auth_expired");
    expect(map(401, null).kind).toBe("auth_expired");
  });

  it("throttling codes and HTTP 429 are rate_limited; the wait comes from the usage headers", () => {
    for (const code of [4, 17, 32, 341, 613, 80001, 80007, 80014, 130429, 131056]) {
      expect(map(400, { code, message: "limit" }).kind, `code ${code}`).toBe("rate_limited");
    }
    expect(map(400, { code: 80015, message: "not a throttle" }).kind).toBe("rejected");
    expect(map(429, null).kind).toBe("rate_limited");

    const buc = {
      "x-business-use-case-usage": JSON.stringify({
        "1234": [
          { type: "pages", call_count: 100, total_cputime: 20, total_time: 20, estimated_time_to_regain_access: 7 },
        ],
        "5678": [{ type: "instagram", call_count: 40, estimated_time_to_regain_access: 0 }],
      }),
    };
    expect(map(400, { code: 80001 }, buc).retryAfterMs).toBe(7 * 60_000);
    expect(
      map(400, { code: 4 }, { "x-app-usage": '{"call_count":100,"total_cputime":12,"total_time":30}' }).retryAfterMs,
    ).toBe(APP_USAGE_BACKOFF_MS);
    expect(
      map(400, { code: 4 }, { "x-app-usage": '{"call_count":60,"total_cputime":12,"total_time":30}' }).retryAfterMs,
    ).toBeNull();
    expect(map(429, null, { "retry-after": "30" }).retryAfterMs).toBe(30_000);
    expect(map(400, { code: 17 }, { "x-app-usage": "not json" }).retryAfterMs).toBeNull();
    expect(usageRetryAfterMs(new Headers({ "x-page-usage": '{"call_count":101}' }))).toBe(APP_USAGE_BACKOFF_MS);
  });

  it("transient failures are outcome_unknown only when Meta says so (or code 2 without the flag, or a bare 5xx)", () => {
    expect(map(500, { code: 1, is_transient: true, message: "An unknown error occurred" }).kind).toBe(
      "outcome_unknown",
    );
    expect(map(400, { code: 100, is_transient: true, message: "retry" }).kind).toBe("outcome_unknown");
    expect(map(500, { code: 1, message: "Please reduce the amount of data you're asking for" }).kind).toBe("rejected");
    expect(map(500, { code: 1, is_transient: false }).kind).toBe("rejected");
    expect(map(503, { code: 2, message: "Service temporarily unavailable" }).kind).toBe("outcome_unknown");
    expect(map(503, { code: 2, is_transient: false }).kind).toBe("rejected");
    expect(
      mapGraphError("Facebook", { status: 502, body: "<html>Bad gateway</html>", headers: new Headers() }).kind,
    ).toBe("outcome_unknown");
    // auth and throttling win over the transient flag
    expect(map(400, { code: 190, is_transient: true }).kind).toBe("auth_expired");
    expect(map(400, { code: 4, is_transient: true }).kind).toBe("rate_limited");
  });

  it("everything else is rejected with code, subcode and message", () => {
    const err = map(400, {
      code: 100,
      error_subcode: 2207026,
      message: "Unsupported video",
      error_user_msg: "The video format is not supported.",
    });
    expect(err.kind).toBe("rejected");
    expect(err.details).toEqual({
      platformErrorCode: "100",
      platformErrorSubcode: "2207026",
      platformErrorMessage: "Unsupported video (The video format is not supported.)",
    });
    expect(err.message).toBe("Facebook: Unsupported video (The video format is not supported.) (code 100/2207026)");
    for (const code of [10, 200, 299, 368, 506, 131047])
      expect(map(400, { code }).kind, `code ${code}`).toBe("rejected");
    expect(map(400, { code: "190", error_subcode: "460" }).details.platformErrorSubcode).toBe("460"); // numeric strings
  });

  it("reads api.instagram.com's older error shape and OAuth-style errors", () => {
    const legacy = mapGraphError("Instagram", {
      status: 400,
      body: { error_type: "OAuthException", code: 400, error_message: "Invalid authorization code" },
      headers: new Headers(),
    });
    expect(legacy.kind).toBe("rejected");
    expect(legacy.details.platformErrorMessage).toBe("Invalid authorization code");
    expect(legacy.details.platformErrorCode).toBeNull();
    const oauth = mapGraphError("Threads", {
      status: 400,
      body: { error: "invalid_request", error_description: "Bad redirect_uri" },
      headers: new Headers(),
    });
    expect(oauth).toMatchObject({ kind: "rejected", details: { platformErrorMessage: "Bad redirect_uri" } });
    const rupload = (retriable: boolean) =>
      mapGraphError("Facebook", {
        status: 400,
        body: { debug_info: { retriable, type: "ProcessingFailedError", message: "Failed to download the file" } },
        headers: new Headers(),
      });
    expect(rupload(false)).toMatchObject({
      kind: "rejected",
      details: { platformErrorMessage: "Failed to download the file" },
    });
    expect(rupload(true).kind).toBe("outcome_unknown");
  });

  it("every Meta connector maps through it under its own name", () => {
    for (const connector of [facebookConnector, instagramConnector, threadsConnector, whatsappConnector]) {
      const err = connector.mapError(failure(400, { code: 190, error_subcode: 463, message: "Session has expired" }));
      expect(err.kind).toBe("auth_expired");
      expect(err.message).toContain(connector.displayName);
    }
  });
});
