import { describe, expect, it } from "vitest";
import { NetworkError } from "../errors";
import type { ProfileAuth } from "../types";
import { businessApi, mapBusinessError } from "./business-api";
import type { TikTokSettings } from "./index";

// The API for Business envelope `{code, message, request_id, data}` and its numeric codes (TikTok's SDK,
// python_sdk/business_api_client/tiktok_business/tiktok_code.py) mapped to the connector's error kinds.

const envelope = (code: number, message = "m") => ({ code, message, request_id: "2026REQ", data: {} });
const kindOf = (code: number, status = 200) =>
  mapBusinessError({ status, body: envelope(code), headers: new Headers() }).kind;

const auth: ProfileAuth = {
  externalId: "open-1",
  tokens: { accessToken: "act.1" },
  credentials: null,
  metadata: {},
};
const ctxAnswering = (status: number, body: unknown) => ({
  settings: { business_api_url: "https://business.example" } as TikTokSettings,
  fetch: (async () =>
    new Response(typeof body === "string" ? body : JSON.stringify(body), { status })) as unknown as typeof fetch,
});
const call = (status: number, body: unknown) =>
  businessApi(ctxAnswering(status, body) as never, auth, "/comment/list/", { query: { business_id: "open-1" } });

describe("TikTok API for Business errors", () => {
  it("invalid, expired, missing or unauthorized tokens are auth_expired (the reconnect path)", () => {
    expect([40001, 40102, 40104, 40105, 40130].map((c) => kindOf(c))).toEqual(Array(5).fill("auth_expired"));
  });

  it("rate limit codes are rate_limited with a one-minute wait", () => {
    expect([40100, 40132, 61000].map((c) => kindOf(c))).toEqual(Array(3).fill("rate_limited"));
    expect(mapBusinessError({ status: 200, body: envelope(40100), headers: new Headers() }).retryAfterMs).toBe(60_000);
  });

  it("TikTok's system errors leave the outcome unknown", () => {
    expect([50000, 50002, 51010].map((c) => kindOf(c))).toEqual(Array(3).fill("outcome_unknown"));
  });

  it("parameter and not-found errors are rejections carrying TikTok's code and message", () => {
    const err = mapBusinessError({ status: 200, body: envelope(40002, "Invalid text"), headers: new Headers() });
    expect(err).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "40002", platformErrorMessage: "Invalid text" },
    });
    expect(err.message).toContain("request_id 2026REQ");
    expect(kindOf(40007)).toBe("rejected");
  });

  it("an error code in an HTTP 200 answer throws", async () => {
    await expect(call(200, envelope(40105))).rejects.toMatchObject({ kind: "auth_expired" });
  });

  it("code 0 returns the answer's data", async () => {
    expect(await call(200, { code: 0, message: "OK", request_id: "r", data: { has_more: false } })).toEqual({
      has_more: false,
    });
  });

  it("a body that is not the envelope is a gateway failure with an unknown outcome", async () => {
    const err = await call(200, "<html>bad gateway</html>").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ kind: "outcome_unknown" });
  });
});
