import { eventType } from "inngest";
import { z } from "zod";

// Connected profiles: work that follows a connection (lib/services/connections/setup-profile.ts).

/** A profile was connected (or reconnected) on a network whose connector has a setup step. */
export const profileSetupRequested = eventType("app/profile.setup.requested", {
  schema: z.object({ profileId: z.string().min(1) }),
});
