import "server-only";
import { db } from "@/lib/db/client";
import { sendEvent } from "@/lib/jobs/send";
import { MediaError } from "@/lib/media/download";
import { referenceOrRemove, storeDownloaded } from "@/lib/media/store-upload";
import type { Tx } from "@/lib/db/client";
import { emitEvent } from "@/lib/services/events/emit-event";

// A synced comment's attachments mirrored into our media storage (the attachment `status` of lib/schemas/comments.ts): each
// file is downloaded from the network's URL under the media SSRF policy (lib/media/download.ts) and
// stored; the attachment becomes `processed` (its url then is our storage URL) or, when it cannot be
// downloaded, `failed` with media.failed. A transient failure (timeout, 5xx) is thrown for the job to
// retry, unless `lastAttempt`. An attachment without a URL (the network gave none) fails at once.

export const MAX_ATTACHMENT_BYTES = 100 * 1024 * 1024;

// Asked in the transaction that stored the comment with its attachments.
export const requestAttachmentMirror = (tx: Tx, commentId: string) =>
  sendEvent({ name: "app/comment-attachments.mirror-requested", data: { commentId } }, { tx });

export const mirrorCommentAttachments = async ({
  commentId,
  lastAttempt = true,
}: {
  commentId: string;
  lastAttempt?: boolean;
}) => {
  const comment = await db.comment.findUnique({
    where: { id: commentId },
    include: { attachments: { where: { status: "pending" }, orderBy: { position: "asc" } } },
  });
  if (!comment) return { processed: 0, failed: 0 };
  let processed = 0;
  let failed = 0;
  for (const attachment of comment.attachments) {
    try {
      if (!attachment.sourceUrl) throw new MediaError("invalid_url", "", "the network gave no URL for this file");
      const stored = await storeDownloaded(attachment.sourceUrl, { maxBytes: MAX_ATTACHMENT_BYTES });
      await referenceOrRemove(stored, () =>
        db.commentAttachment.update({
          where: { id: attachment.id },
          data: { status: "processed", storageKey: stored.storageKey, contentType: stored.contentType },
        }),
      );
      processed++;
    } catch (err) {
      if (!(err instanceof MediaError) || (err.isTransient && !lastAttempt)) throw err; // the job retries
      failed++;
      await db.$transaction(async (tx) => {
        const row = await tx.commentAttachment.update({
          where: { id: attachment.id },
          // the network's URL with what our downloader may say of it (see MediaError.publicReason)
          data: { status: "failed", errorMessage: attachment.sourceUrl ? err.publicMessage : err.message },
        });
        await emitEvent({
          tx,
          accountId: comment.accountId,
          environment: comment.environment,
          profileGroupId: comment.profileGroupId,
          type: "media.failed",
          data: {
            id: row.id,
            post_id: comment.rootPostId!, // a post comment (apply-comment asks for the mirror)
            comment_id: comment.id,
            content_type: row.contentType,
            status: "failed",
            error_message: row.errorMessage,
          },
        });
      });
    }
  }
  return { processed, failed };
};
