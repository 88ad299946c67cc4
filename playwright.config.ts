import { defineConfig, devices } from "@playwright/test";
import { E2E_INBOUND_ENV } from "./e2e/support/inbound-app";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DEFAULT_PORT = Number(process.env.E2E_DEFAULT_PORT ?? 3200);

// `api` speaks HTTP only and `admin` drives Debian's Chromium (browsers are never downloaded), both against
// one `next start` on a fresh database of the test server (e2e/support/start-server.ts). `api-default` runs
// the same API specs (and the load smoke) against the default install: `npm start` with no DATABASE_URL,
// on its embedded PostgreSQL (e2e/support/start-default.ts).
export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1, // 2-core machines
  reporter: [["list"]],
  outputDir: "test-results",
  timeout: 30_000,
  use: { baseURL: `http://127.0.0.1:${PORT}`, trace: "retain-on-failure" },
  projects: [
    { name: "api", testDir: "e2e/api" },
    { name: "api-default", testDir: "e2e/api", use: { baseURL: `http://127.0.0.1:${DEFAULT_PORT}` } },
    {
      name: "admin",
      testDir: "e2e/admin",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--headless",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: `npx tsx e2e/support/start-server.ts`,
      url: `http://127.0.0.1:${PORT}/login`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { E2E_PORT: String(PORT), NEXT_TELEMETRY_DISABLED: "1", ...E2E_INBOUND_ENV },
      // SIGTERM lets start-server.ts stop next and drop its database
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: `node --import tsx e2e/support/start-default.ts`,
      url: `http://127.0.0.1:${DEFAULT_PORT}/login`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: { E2E_DEFAULT_PORT: String(DEFAULT_PORT), NEXT_TELEMETRY_DISABLED: "1", ...E2E_INBOUND_ENV },
      // SIGTERM: npm start stops next, then the embedded PostgreSQL
      gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
