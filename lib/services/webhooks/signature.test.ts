import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signPayload, verifySignature } from "./signature";

describe("webhook signatures", () => {
  const secret = "whsec_test";
  const body = '{"id":"evt_1","type":"post.processed","created_at":"2026-01-01T00:00:00.000Z","data":{}}';

  it("is t=<unix>,v1=<hex HMAC-SHA256(secret, t.body)>", () => {
    const expected = createHmac("sha256", secret).update(`1700000000.${body}`).digest("hex");
    expect(signPayload({ secret, body, timestamp: 1700000000 })).toBe(`t=1700000000,v1=${expected}`);
  });

  it("verifies, and rejects another body, secret or a stale timestamp", () => {
    const now = 1700000000_000;
    const header = signPayload({ secret, body, timestamp: 1700000000 });
    expect(verifySignature({ secret, body, header, now })).toBe(true);
    expect(verifySignature({ secret, body: body.replace("{}", '{"x":1}'), header, now })).toBe(false);
    expect(verifySignature({ secret: "whsec_other", body, header, now })).toBe(false);
    expect(verifySignature({ secret, body, header, now: now + 3600_000 })).toBe(false);
    expect(verifySignature({ secret, body, header: "garbage", now })).toBe(false);
  });
});
