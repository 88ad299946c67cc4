import { eventType } from "inngest";
import { z } from "zod";

// Post pipeline: media requested -> (media processed) -> dispatch (post.processed) -> one publish run per
// (post, profile) chain.

/** A post's URL media must be downloaded, checked and stored. */
export const postMediaRequested = eventType("app/post.media.requested", {
  schema: z.object({ postId: z.string().min(1) }),
});

/** A post may be due: publish it if it is (the dispatcher re-checks everything). */
export const postDispatchRequested = eventType("app/post.dispatch.requested", {
  schema: z.object({ postId: z.string().min(1) }),
});

/** Publish one post (and its thread children) to one profile. */
export const postPublishRequested = eventType("app/post.publish.requested", {
  schema: z.object({ rootPostId: z.string().min(1), profileId: z.string().min(1) }),
});

/** Remove one profile's share of a post (the whole chain) from the network; then, with removeRecord and
 * nothing left to delete, the post record itself. */
export const postDeleteRequested = eventType("app/post.delete.requested", {
  schema: z.object({ rootPostId: z.string().min(1), profileId: z.string().min(1), removeRecord: z.boolean() }),
});
