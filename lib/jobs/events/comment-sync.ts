import { eventType } from "inngest";
import { z } from "zod";

// Comment polling (lib/services/comments/poll-*.ts).

/** Someone asked for a profile's reviews or recommendations: read them from the network now. */
export const profileCommentsSyncRequested = eventType("app/profile-comments.sync-requested", {
  schema: z.object({ profileId: z.string().min(1) }),
});

/** A post was just published on a network whose comments are read soon after (firstPollAfterMs). */
export const postCommentsFirstPollRequested = eventType("app/post-comments.first-poll-requested", {
  schema: z.object({ platformPostId: z.string().min(1) }),
});

/** A synced comment came with attachments: mirror them into our media storage. */
export const commentAttachmentsMirrorRequested = eventType("app/comment-attachments.mirror-requested", {
  schema: z.object({ commentId: z.string().min(1) }),
});

/** A synced comment's author can be described by the network: fetch the author signals (metadata). */
export const commentAuthorSignalsRequested = eventType("app/comment-author.signals-requested", {
  schema: z.object({ commentId: z.string().min(1) }),
});
