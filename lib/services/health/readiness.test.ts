import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { createPrisma } from "@/lib/db/client";
import { DEFAULT_MIGRATIONS_DIR } from "@/lib/db/migrate";
import { probeInngestServer } from "@/lib/jobs/inngest-server-probe";
import { useOwnDatabase } from "@/testing/own-database";
import { checkReadiness, livenessResponse, readinessResponse } from "./readiness";

// A database of its own: the runners started here hand over committed outbox events, which on the shared
// database would be other files' events.
await useOwnDatabase("health");

let runner: LocalRunner | undefined;
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const untilPolled = async () => {
  for (let i = 0; i < 200 && !(await checkReadiness({ mode: "local" })).checks.job_runner.ok; i++) await sleep(25);
  expect((await checkReadiness({ mode: "local" })).checks.job_runner).toMatchObject({ ok: true });
};

describe("GET /readyz in local mode", () => {
  it("is 200 with every check named and ok while the runner claims", async () => {
    runner = await startLocalRunner({ functions: [], pollIntervalMs: 20 });
    await untilPolled();
    const res = await readinessResponse({ mode: "local" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body).toMatchObject({
      status: "ok",
      checks: {
        database: { ok: true },
        migrations: { ok: true },
        job_runner: {
          ok: true,
          mode: "local",
          last_claim_at: expect.any(String),
          last_cron_tick_at: expect.any(String),
        },
      },
    });
    expect(Date.now() - Date.parse(body.checks.job_runner.last_claim_at)).toBeLessThan(5_000);
  });

  it("is 503 once the runner is stopped", async () => {
    runner = await startLocalRunner({ functions: [], pollIntervalMs: 20 });
    await untilPolled();
    await runner.stop();
    runner = undefined;
    const res = await readinessResponse({ mode: "local" });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      status: "failing",
      checks: { database: { ok: true }, job_runner: { ok: false, reason: "job runner not running" } },
    });
  });

  it("is 503 when a running runner's last claim poll is older than the threshold", async () => {
    runner = await startLocalRunner({ functions: [], pollIntervalMs: 0 }); // polls only when told to
    await runner.tick();
    const maxAges = { claimMs: 300, cronMs: 60_000 };
    expect((await checkReadiness({ mode: "local", maxAges })).status).toBe("ok");
    await sleep(400);
    const stale = await checkReadiness({ mode: "local", maxAges });
    expect(stale.status).toBe("failing");
    expect(stale.checks.job_runner).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^last claim poll \d+ s ago$/),
    });
    await runner.tick();
    expect((await checkReadiness({ mode: "local", maxAges })).status).toBe("ok");
  });

  it("is 503 when the cron schedule was not gone over within its threshold", async () => {
    runner = await startLocalRunner({ functions: [], pollIntervalMs: 0 });
    await runner.tick();
    await sleep(150);
    const stale = await checkReadiness({ mode: "local", maxAges: { claimMs: 60_000, cronMs: 100 } });
    expect(stale.checks.job_runner).toMatchObject({ ok: false, reason: expect.stringMatching(/^last cron tick/) });
  });
});

describe("GET /readyz: database and migrations", () => {
  it("is 503 naming the database unreachable (and nothing of its address) when it cannot be reached", async () => {
    const unreachable = createPrisma("postgresql://postgres:secret@127.0.0.1:1/nowhere");
    runner = await startLocalRunner({ functions: [], pollIntervalMs: 20 });
    await untilPolled();
    try {
      const res = await readinessResponse({ mode: "local", db: unreachable });
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({
        status: "failing",
        checks: {
          database: { ok: false, reason: "database unreachable" },
          migrations: { ok: false },
          job_runner: { ok: true },
        },
      });
      expect(text).not.toMatch(/127\.0\.0\.1|secret|nowhere|ECONNREFUSED/);
    } finally {
      await unreachable.$disconnect();
    }
  });

  it("fails the migrations check when a migration of the folder is not applied", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "readyz-migrations-"));
    try {
      for (const name of await readdir(DEFAULT_MIGRATIONS_DIR)) {
        if (!name.endsWith(".toml")) await mkdir(path.join(dir, name));
      }
      expect((await checkReadiness({ mode: "local", migrationsDir: dir })).checks.migrations).toEqual({ ok: true });
      await mkdir(path.join(dir, "29991231000000_not_applied"));
      // (another spelling of the folder: the passing outcome of `dir` is kept for good)
      const readiness = await checkReadiness({ mode: "local", migrationsDir: `${dir}/` });
      expect(readiness.checks.migrations).toEqual({ ok: false, reason: "1 migration(s) not applied" });
      expect(readiness.status).toBe("failing");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("GET /readyz in server mode: the Inngest server", () => {
  const server = createServer((_req, res) => res.writeHead(404).end());
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("is reachable when it answers, unreachable on a closed port", async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    expect(await probeInngestServer(2_000, `http://127.0.0.1:${port}/`)).toEqual({ ok: true });
    expect(await probeInngestServer(2_000, "http://127.0.0.1:1/")).toEqual({
      ok: false,
      reason: "the Inngest server is unreachable",
    });
  });
});

describe("GET /healthz", () => {
  it("is 200, uncached", async () => {
    const res = livenessResponse();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ok" });
  });
});
