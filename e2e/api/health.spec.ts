import { expect, test } from "@playwright/test";

// The health endpoints on the running app (GET /healthz, GET /readyz): public, outside /api, through the
// request proxy; the unit tests of lib/services/health/readiness.test.ts cover the failing cases.

test("GET /healthz answers 200 without credentials", async ({ request }) => {
  const res = await request.get("/healthz");
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("no-store");
  expect(await res.json()).toEqual({ status: "ok" });
});

test("GET /readyz answers 200 naming each check once the job runner has polled", async ({ request }) => {
  // The runner polls every 300 ms; right after the server started it may not have yet.
  await expect.poll(async () => (await request.get("/readyz")).status(), { timeout: 15_000 }).toBe(200);
  const res = await request.get("/readyz");
  expect(res.headers()["cache-control"]).toBe("no-store");
  expect(await res.json()).toMatchObject({
    status: "ok",
    checks: {
      database: { ok: true },
      migrations: { ok: true },
      job_runner: { ok: true, mode: "local", last_claim_at: expect.any(String), last_cron_tick_at: expect.any(String) },
    },
  });
});
