import { eventType } from "inngest";
import { z } from "zod";

// Comment writes (lib/services/comments): our comment or reply to publish, and the actions on a
// comment the network holds (delete, hide/unhide, like/unlike, pin/unpin), each answered at once by the
// API and carried out here.

/** Publish one of our comments (status pending) to its network, exactly once. */
export const commentPublishRequested = eventType("app/comment.publish.requested", {
  schema: z.object({ commentId: z.string().min(1) }),
});

export const ZCommentActionName = z.enum(["delete", "hide", "unhide", "like", "unlike", "pin", "unpin"]);

/** Carry out one action on a comment on its network. */
export const commentActionRequested = eventType("app/comment.action.requested", {
  schema: z.object({ commentId: z.string().min(1), action: ZCommentActionName }),
});
