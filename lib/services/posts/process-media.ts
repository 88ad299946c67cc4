import "server-only";
import { db } from "@/lib/db/client";
import { MediaError } from "@/lib/media/download";
import { referenceOrRemove, storeDownloaded } from "@/lib/media/store-upload";
import { formatLimitsOf } from "@/lib/networks/format-limits";
import { advancePost, wholeChain } from "./lifecycle";
import { maxMediaBytes } from "./media-intake";
import { emitMediaFailed } from "./post-events";

// Downloads a post's URL media (root and thread children) into storage: each file becomes `processed`,
// or `failed` with media.failed; then the post moves on (scheduled, dispatched, or media_processing_failed).
// A transient failure (timeout, 5xx) is thrown for the job to retry, unless `lastAttempt`.
export const processPostMedia = async ({ postId, lastAttempt = true }: { postId: string; lastAttempt?: boolean }) => {
  const post = await db.post.findUnique({ where: { id: postId }, include: { platformPosts: { where: { postId } } } });
  if (!post) return { state: "gone" as const };
  const maxBytes = maxMediaBytes(post.platformPosts.map((pp) => formatLimitsOf(pp.platform, pp.params)));
  const pending = await db.postMedia.findMany({
    where: { status: "pending", post: wholeChain(postId) },
    orderBy: [{ postId: "asc" }, { position: "asc" }],
  });
  let failed = 0;
  for (const media of pending) {
    try {
      const stored = await storeDownloaded(media.sourceUrl!, { maxBytes });
      await referenceOrRemove(stored, () =>
        db.postMedia.update({
          where: { id: media.id },
          data: {
            status: "processed",
            storageKey: stored.storageKey,
            contentType: stored.contentType,
            sizeBytes: stored.sizeBytes,
            width: stored.width,
            height: stored.height,
            durationSec: stored.durationSec,
            errorMessage: null,
          },
        }),
      );
    } catch (err) {
      if (!(err instanceof MediaError) || (err.isTransient && !lastAttempt)) throw err; // the job retries
      failed++;
      await db.$transaction(async (tx) => {
        const row = await tx.postMedia.update({
          where: { id: media.id },
          data: { status: "failed", errorMessage: err.publicMessage }, // see MediaError.publicReason
        });
        await emitMediaFailed(tx, row, post);
      });
    }
  }
  const status = await db.$transaction((tx) => advancePost(tx, postId));
  return { state: failed ? ("failed" as const) : ("processed" as const), status };
};
