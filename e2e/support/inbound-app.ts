// The Threads app the e2e servers are configured with (playwright.config.ts), so the bad-input campaign
// can sign Meta deliveries to /inbound/threads (e2e/api/bad-input.spec.ts). Threads, because no other
// spec expects it to be unconfigured (the admin spec expects Facebook to be).
export const E2E_THREADS_APP = { id: "e2e-threads-app", secret: "e2e-threads-app-secret" };

export const E2E_INBOUND_ENV = {
  NETWORK_THREADS_CLIENT_ID: E2E_THREADS_APP.id,
  NETWORK_THREADS_CLIENT_SECRET: E2E_THREADS_APP.secret,
};
