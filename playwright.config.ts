import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);

// Two projects against one `next start` on a fresh database (e2e/support/start-server.ts):
// `api` speaks HTTP only; `admin` drives Debian's Chromium. Browsers are never downloaded.
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
  webServer: {
    command: `npx tsx e2e/support/start-server.ts`,
    url: `http://127.0.0.1:${PORT}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(PORT), NEXT_TELEMETRY_DISABLED: "1" },
    // SIGTERM lets start-server.ts stop next and drop its database
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
});
