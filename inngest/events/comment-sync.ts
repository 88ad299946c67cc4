import { eventType } from "inngest";
import { z } from "zod";

// Comment polling (lib/services/comments/poll-*.ts).

/** Someone asked for a profile's reviews or recommendations: read them from the network now. */
export const profileCommentsSyncRequested = eventType("app/profile-comments.sync-requested", {
  schema: z.object({ profileId: z.string().min(1) }),
});
