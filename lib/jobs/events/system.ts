import { eventType } from "inngest";
import { z } from "zod";

// Internal events of the job system itself (never shown to API clients).

/** Runs the housekeeping function now instead of waiting for its nightly cron. */
export const jobsHousekeepingRequested = eventType("system/jobs.housekeeping.requested", {
  schema: z.object({ reason: z.string().max(200).optional() }),
});

/** A probe for exercising the job engine end to end (tests, smoke checks): functions under test trigger on it. */
export const jobsProbe = eventType("system/jobs.probe", {
  schema: z.object({
    probeId: z.string().min(1),
    key: z.string().optional(), // e.g. a concurrency key
    label: z.string().optional(),
  }),
});

/** The answer to a probe (a function under test replying through step.sendEvent). */
export const jobsProbeReply = eventType("system/jobs.probe.reply", {
  schema: z.object({ probeId: z.string().min(1), from: z.string() }),
});
