// npm run soak [-- --minutes N] [--rate R] [--tenants T]: issue 11's soak campaign. Starts the app the way
// `npm start` does (scripts/start.ts: migrations, a build when the sources changed, `next start`) on a fresh
// database of the test server, seeds tenants through the CLI as a headless operator would, then runs the
// steady mixed load of e2e/support/soak-load.ts (default 30 minutes at 20 req/s) while sampling the
// next-server's resident memory. Exits non-zero on any error (a 5xx, an unexpected status, a failed
// connection) or a memory growth of 10 % or more. SOAK_PORT picks the port (default 3801).
import { parseArgs } from "node:util";
import { formatSoakReport, runSoak } from "@/e2e/support/soak-load";
import { startSoakServer } from "@/e2e/support/soak-server";

const MAX_GROWTH = 10;

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "30" },
    rate: { type: "string", default: "20" },
    tenants: { type: "string", default: "4" },
  },
});
const minutes = Number(values.minutes);
const rate = Number(values.rate);
const tenantCount = Number(values.tenants);
if (!(minutes > 0) || !(rate > 0) || !(Number.isInteger(tenantCount) && tenantCount > 0)) {
  console.error("usage: npm run soak -- [--minutes N] [--rate requests-per-second] [--tenants N]");
  process.exit(2);
}
const server = await startSoakServer({ name: "soak", port: Number(process.env.SOAK_PORT ?? 3801) });
const { baseUrl, cli } = server;

let exitCode = 1;
try {
  await server.waitForServer();
  const tenants = Array.from({ length: tenantCount }, (_, i) => {
    const accountId = cli("accounts", "create", "--name", `Soak ${i}`);
    return {
      live: cli("keys", "create", "--environment", "live", "--account", accountId),
      sandbox: cli("keys", "create", "--environment", "sandbox", "--account", accountId),
    };
  });
  const seconds = minutes * 60;
  const warmupSeconds = Math.min(120, Math.max(15, seconds / 4));
  console.log(
    `soak: ${minutes} min at ${rate} req/s, ${tenantCount} tenants, ${baseUrl}; memory sampled every 5 s after a ${warmupSeconds} s warm-up`,
  );
  const report = await runSoak({
    baseUrl,
    tenants,
    seconds,
    rate,
    warmupSeconds,
    rssKb: server.rssKb,
    log: (line) => console.log(line),
  });
  console.log(formatSoakReport(report));
  const growthOk = report.memoryGrowth !== null && report.memoryGrowth < MAX_GROWTH;
  if (report.memoryGrowth === null) console.error("soak: FAILED: the server's memory could not be measured");
  else if (!growthOk)
    console.error(`soak: FAILED: memory growth ${report.memoryGrowth.toFixed(1)} % (limit ${MAX_GROWTH} %)`);
  if (report.errorCount > 0) console.error(`soak: FAILED: ${report.errorCount} errors`);
  exitCode = report.errorCount === 0 && growthOk ? 0 : 1;
  if (exitCode === 0) console.log("soak: passed (0 errors, memory growth under 10 %)");
} catch (err) {
  console.error(err);
} finally {
  await server.stop();
}
process.exit(exitCode);
