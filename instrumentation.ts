// Next.js calls register() once when a server process starts (`next start`, `next dev`). In local jobs mode
// it starts the durable local job runner in this process (inngest/local-runner/app.ts); in server mode and
// during `next build` it does nothing.
export async function register() {
  // The one read of process.env outside lib/env.ts, on purpose: the bundler replaces NEXT_RUNTIME with a
  // constant per build, which drops the runner (Prisma, pg, node:*) from the Edge instrumentation bundle.
  // Behind a function call that elimination does not happen.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startAppJobRunner } = await import("@/inngest/local-runner/app");
    await startAppJobRunner();
  }
}
