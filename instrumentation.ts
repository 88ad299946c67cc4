// Next.js calls register() once when a server process starts (`next start`, `next dev`). It makes the HTTP
// server answer TRACE/TRACK in JSON (lib/api/forbidden-methods.ts) and believe forwarding headers only
// from TRUSTED_PROXIES (lib/auth/client-address.ts), starts the background side of the
// process (inngest/local-runner/app.ts: the durable local job runner in local mode, the outbox relay in
// server mode) and, under `npm start`, watches the supervising process. It does nothing during `next build`.
export async function register() {
  // The one read of process.env outside lib/env.ts, on purpose: the bundler replaces NEXT_RUNTIME with a
  // constant per build, which drops the runner (Prisma, pg, node:*) from the Edge instrumentation bundle.
  // Behind a function call that elimination does not happen.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const [{ refuseForbiddenMethods }, { installForwardingPolicy }] = await Promise.all([
      import("@/lib/api/forbidden-methods"),
      import("@/lib/auth/client-address"),
    ]);
    refuseForbiddenMethods();
    installForwardingPolicy();
    const [{ startAppJobRunner }, { watchSupervisor }] = await Promise.all([
      import("@/inngest/local-runner/app"),
      import("@/lib/runtime/supervisor"),
    ]);
    watchSupervisor();
    await startAppJobRunner();
  }
}
