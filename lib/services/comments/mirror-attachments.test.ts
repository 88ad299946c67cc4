import { useOwnDatabase } from "@/testing/own-database";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializeComment } from "@/lib/serializers/comment";
import { db } from "@/lib/db/client";
import { publicMediaUrl } from "@/lib/media/storage";
import { applyComment } from "./apply-comment";
import { seedNetworkProfile, seedPublishedPost, uniqueDigits } from "@/testing/comments";
import { eventsOf, seedTenant } from "@/testing/network-tests";
import { PNG_BYTES } from "@/testing/publish-media";
import { mirrorCommentAttachments } from "./mirror-attachments";

await useOwnDatabase("comments_mirror");

// A synced comment's attachments are mirrored into our media storage (the attachment `status` of lib/schemas/comments.ts):
// pending -> processed (the url becomes ours), or failed with media.failed when the file cannot be
// downloaded; storing the comment asks for the mirror in the same transaction.

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/photo.png") {
      res.writeHead(200, { "content-type": "image/png" });
      res.end(Buffer.from(PNG_BYTES));
    } else if (req.url === "/busy.png") {
      res.writeHead(503).end();
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await db.$disconnect();
});

const pushed = async (urls: (string | null)[]) => {
  const t = await seedTenant();
  const profile = await seedNetworkProfile({ group: t.group, platform: "facebook" });
  const page = uniqueDigits();
  const postId = `${page}_${uniqueDigits()}`;
  await seedPublishedPost({ group: t.group, profile, externalId: postId, placementId: page });
  const externalId = `${postId}_${uniqueDigits()}`;
  const outcome = await applyComment(
    {
      kind: "comment",
      account: page,
      postExternalId: postId,
      changedAt: new Date(),
      comment: {
        externalId,
        parentExternalId: postId,
        body: "Look",
        authorExternalId: "1",
        authorUsername: null,
        authorName: "Ada",
        authorAvatarUrl: null,
        metadata: null,
        likeCount: null,
        isHidden: null,
        permalink: null,
        platformData: null,
        attachments: urls.map((url, i) => ({ type: "image" as const, url, externalId: `att${i}` })),
        postedAt: new Date(),
      },
    },
    { platform: "facebook", profileId: null },
  );
  expect(outcome).toBe("created");
  const comment = await db.comment.findFirstOrThrow({ where: { externalId } });
  return { t, comment };
};

const attachmentsOf = async (commentId: string) =>
  serializeComment(
    await db.comment.findUniqueOrThrow({
      where: { id: commentId },
      include: { attachments: { orderBy: { position: "asc" } } },
    }),
    [],
    publicMediaUrl,
  ).attachments;

describe("comment attachments", () => {
  it("storing a comment with attachments asks for their mirror in the same transaction", async () => {
    const { comment } = await pushed([`${base}/photo.png`]);
    const rows = await db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM event_outbox
      WHERE event->>'name' = 'app/comment-attachments.mirror-requested' AND event->'data'->>'commentId' = ${comment.id}`;
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it("a pending file shows the network's URL", async () => {
    const { comment } = await pushed([`${base}/photo.png`]);
    expect((await attachmentsOf(comment.id))[0]).toMatchObject({ status: "pending", url: `${base}/photo.png` });
  });

  it("a downloadable file becomes processed with our storage URL", async () => {
    const { comment } = await pushed([`${base}/photo.png`]);
    expect(await mirrorCommentAttachments({ commentId: comment.id })).toEqual({ processed: 1, failed: 0 });
    const [attachment] = await attachmentsOf(comment.id);
    expect(attachment!.status).toBe("processed");
    expect(attachment!.url).not.toBe(`${base}/photo.png`);
    const row = await db.commentAttachment.findFirstOrThrow({ where: { commentId: comment.id } });
    expect(row.contentType).toBe("image/png");
    expect(attachment!.url).toBe(publicMediaUrl(row.storageKey!));
  });

  describe("files that cannot be downloaded", () => {
    let pushedComment: Awaited<ReturnType<typeof pushed>>;
    let outcome: Awaited<ReturnType<typeof mirrorCommentAttachments>>;
    beforeAll(async () => {
      pushedComment = await pushed([`${base}/missing.png`, null]);
      outcome = await mirrorCommentAttachments({ commentId: pushedComment.comment.id });
    });

    it("fail", async () => {
      expect(outcome).toEqual({ processed: 0, failed: 2 });
      expect((await attachmentsOf(pushedComment.comment.id)).map((a) => a.status)).toEqual(["failed", "failed"]);
    });

    it("emit media.failed naming the comment's post", async () => {
      const events = await eventsOf(pushedComment.t.account.id, "media.failed");
      expect(events.length).toBe(2);
      expect(events[0]!.data).toMatchObject({ post_id: pushedComment.comment.rootPostId, status: "failed" });
      expect((events[0]!.data as { error_message: string }).error_message).toBe(
        `media ${base}/missing.png: could not be downloaded`, // nothing of what the URL answered (no 404)
      );
    });
  });

  it("a transient failure is thrown for a retry, leaving the file pending", async () => {
    const { comment } = await pushed([`${base}/busy.png`]);
    await expect(mirrorCommentAttachments({ commentId: comment.id, lastAttempt: false })).rejects.toThrow(/503/);
    expect((await attachmentsOf(comment.id))[0]!.status).toBe("pending");
  });

  it("a transient failure on the last attempt is recorded as failed", async () => {
    const { comment } = await pushed([`${base}/busy.png`]);
    await mirrorCommentAttachments({ commentId: comment.id, lastAttempt: true });
    expect((await attachmentsOf(comment.id))[0]!.status).toBe("failed");
  });
});
