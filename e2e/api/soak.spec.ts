import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { formatSoakReport, nextServerRssKb, runSoak } from "../support/soak-load";
import { createTenant } from "../support/tenant";

// The short variant of issue 11's soak campaign (the long one is `npm run soak`, 30 minutes): 75 s of the
// same steady mixed load of three tenants at 10 requests per second. Every answer must be the expected one
// (no 5xx, no unexpected status, no failed connection) and the rate must be held. The server's memory
// growth after the warm-up is printed where its pid is known (`api`: start-server.ts publishes it; not on
// `api-default`, whose server runs under `npm start`) but not asserted: in the first minutes the heap is
// still climbing to its working size (3-minute runs: +15 % then flat), so a 75 s window cannot tell a leak
// from warm-up. The 10 % limit is asserted by the long run (`npm run soak`).

const SECONDS = 75;
const RATE = 10;

const serverPid = (): number | null => {
  if (test.info().project.name !== "api") return null;
  const state = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../.e2e/state.json"), "utf8")) as {
    serverPid?: number;
  };
  return state.serverPid ?? null;
};

test(`soak: ${SECONDS} s of mixed load at ${RATE} req/s: 0 errors, memory growth printed`, async ({ baseURL }) => {
  test.setTimeout((SECONDS + 90) * 1000);
  const tenants = Array.from({ length: 3 }, () => createTenant());
  const pid = serverPid();
  const report = await runSoak({
    baseUrl: baseURL!,
    tenants,
    seconds: SECONDS,
    rate: RATE,
    warmupSeconds: 15,
    sampleEverySeconds: 3,
    rssKb: () => (pid ? nextServerRssKb(pid) : null),
  });
  console.log(`${formatSoakReport(report)}\n  (project ${test.info().project.name})`);

  expect(report.errors).toEqual([]);
  expect(report.errorCount).toBe(0);
  expect(report.requests).toBeGreaterThanOrEqual(SECONDS * RATE * 0.9); // the rate was held
  if (pid) expect(report.memoryGrowth).not.toBeNull(); // the pid was published: the memory was measured
});
