import { cron } from "inngest";
import { inngest } from "@/inngest/client";
import { requestStuckMedia } from "@/lib/services/posts/lifecycle";

// Durable truth is the posts table: a post still `pending` long after creation lost its media job, which
// is requested again. (Due posts whose dispatch was lost are found every minute by dispatch-due-posts.)
export const reconcilePostsFn = inngest.createFunction(
  {
    id: "reconcile-posts",
    name: "Posts: re-request lost media processing",
    retries: 1,
    concurrency: 1,
    triggers: [cron("TZ=UTC */5 * * * *")],
  },
  async ({ step }) => ({ rerequested: (await step.run("request-stuck-media", () => requestStuckMedia())).length }),
);
