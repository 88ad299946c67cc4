// The durable local job runner: plays the Inngest server's side of the SDK protocol in-process, with its
// state in Postgres (job_runs, job_crons). See runner.ts for the options, and lib/jobs/send.ts for sending.
export { startLocalRunner, exponentialBackoff, type LocalRunner, type LocalRunnerOptions } from "./runner";
export { ManualClock, systemClock, parseDuration, type Clock } from "./clock";
export { LocalRunnerConfigError } from "./config";
export { enqueueLocally } from "./local-send";
export { runIdFor } from "./enqueue";
export { SCHEDULED_TIMER_EVENT } from "./cron";
