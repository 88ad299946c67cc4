import { inngest } from "@/inngest/client";
import { profileSetupRequested } from "@/lib/jobs/events";
import { setupProfile } from "@/lib/services/connections/setup-profile";

// After a connection: the connector's setup (whatsapp: webhooks subscription, number registration,
// templates). Idempotent, so a retry after an outage or a rate limit repeats it safely.
export const setupProfileFn = inngest.createFunction(
  { id: "setup-profile", name: "Profiles: set up after connecting", retries: 4, triggers: [profileSetupRequested] },
  async ({ event, step }) => step.run("setup", () => setupProfile({ profileId: event.data.profileId })),
);
