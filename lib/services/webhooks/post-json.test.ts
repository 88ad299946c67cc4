import { afterAll, describe, expect, it } from "vitest";
import { startReceiver } from "@/testing/webhook-receiver";
import { postJson } from "./post-json";
import { guardedLookup, parseAllowlist } from "@/lib/net/address-policy";

const lookup = guardedLookup(parseAllowlist("localhost"));
const receivers: { close: () => Promise<void> }[] = [];
afterAll(() => Promise.all(receivers.map((r) => r.close())));

describe("postJson", () => {
  it("posts the exact body and reports 2xx as success, other statuses as failure", async () => {
    const receiver = await startReceiver((_r, i) => ({ status: i === 0 ? 204 : 500 }));
    receivers.push(receiver);
    const base = {
      url: receiver.url,
      body: '{"a":1}',
      headers: { "Content-Type": "application/json" },
      lookup,
      connectTimeoutMs: 2000,
      responseTimeoutMs: 2000,
    };
    expect(await postJson(base)).toMatchObject({ ok: true, status: 204 });
    expect(await postJson(base)).toMatchObject({ ok: false, status: 500, error: "HTTP 500" });
    expect(receiver.received[0]?.rawBody).toBe('{"a":1}');
  });

  it("gives up on a receiver that does not answer in time", async () => {
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 1500 }));
    receivers.push(receiver);
    const result = await postJson({
      url: receiver.url,
      body: "{}",
      headers: {},
      lookup,
      connectTimeoutMs: 2000,
      responseTimeoutMs: 200,
    });
    expect(result).toMatchObject({ ok: false, status: null, error: expect.stringContaining("no complete response") });
    expect(result.durationMs).toBeLessThan(1000);
  });

  it("fails (never throws) on refused connections and internal addresses", async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const internal = await postJson({
      url: receiver.url,
      body: "{}",
      headers: {},
      lookup: guardedLookup(parseAllowlist("")),
      connectTimeoutMs: 2000,
      responseTimeoutMs: 2000,
    });
    expect(internal).toMatchObject({ ok: false, error: expect.stringContaining("EINTERNALADDR") });
    const refused = await postJson({
      url: "https://localhost:1/hook",
      body: "{}",
      headers: {},
      lookup,
      connectTimeoutMs: 2000,
      responseTimeoutMs: 2000,
    });
    expect(refused).toMatchObject({ ok: false, error: expect.stringContaining("ECONNREFUSED") });
  });
});
