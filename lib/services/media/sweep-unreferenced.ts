import "server-only";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { mediaStorage, type MediaStorage } from "@/lib/media/storage";

// Stored media files that no database row refers to any more are removed once they are older than a
// grace period (files of a request still under way are never touched: a request stores its files before
// its rows commit). What refers to a file:
// - `post_media.storage_key` and `comment_attachments.storage_key`;
// - our public media URL (`…/media/<key>`) inside the JSON the networks are given or keep: a post's
//   `platforms` and its networks' `params` (a stored cover file becomes `cover_url`), the connector state
//   of a profile (the sandbox's Google media items point at our copy), and outbound messages.
// A file a failed request stored is removed by that request (lib/media/upload-scope.ts); this sweep
// catches what a crash or a lost database write left behind, and the files of deleted rows.

export const MEDIA_SWEEP_GRACE_MS = 24 * 60 * 60 * 1000;
const PREFIX = "m/"; // every key newMediaKey makes (lib/media/keys.ts)
const BATCH = 500;

// Keys of our media URLs found in JSON columns, read once per sweep.
const keysInJson = async (): Promise<Set<string>> => {
  const rows = await db.$queryRaw<{ key: string }[]>`
    SELECT DISTINCT m[1] AS key FROM (
      SELECT platforms::text AS doc FROM posts WHERE platforms::text LIKE '%/media/m/%'
      UNION ALL SELECT params::text FROM platform_posts WHERE params::text LIKE '%/media/m/%'
      UNION ALL SELECT value::text FROM connector_states WHERE value::text LIKE '%/media/m/%'
      UNION ALL SELECT concat(request::text, attachments::text) FROM messages
        WHERE concat(request::text, attachments::text) LIKE '%/media/m/%'
    ) docs, regexp_matches(docs.doc, '/media/(m/[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9]{1,10})?)', 'g') AS m`;
  return new Set(rows.map((r) => r.key));
};

const keysInRows = async (keys: string[]): Promise<Set<string>> => {
  const [media, attachments] = await Promise.all([
    db.postMedia.findMany({ where: { storageKey: { in: keys } }, select: { storageKey: true } }),
    db.commentAttachment.findMany({ where: { storageKey: { in: keys } }, select: { storageKey: true } }),
  ]);
  return new Set([...media, ...attachments].map((r) => r.storageKey!));
};

export type MediaSweep = { scanned: number; removed: number; kept: number } | { skipped: string };

export const sweepUnreferencedMedia = async ({
  storage = mediaStorage(),
  graceMs = MEDIA_SWEEP_GRACE_MS,
  now = new Date(),
}: { storage?: MediaStorage; graceMs?: number; now?: Date } = {}): Promise<MediaSweep> => {
  if (!storage.list) return { skipped: "the media storage cannot list its files" };
  const cutoff = now.getTime() - graceMs;
  const inJson = await keysInJson();
  let scanned = 0;
  let removed = 0;

  const sweep = async (candidates: string[]) => {
    const referenced = await keysInRows(candidates);
    for (const key of candidates) {
      if (referenced.has(key) || inJson.has(key)) continue;
      await storage.delete(key);
      removed++;
    }
  };

  let batch: string[] = [];
  for await (const { key, modifiedAt } of storage.list(PREFIX)) {
    scanned++;
    if (modifiedAt.getTime() > cutoff) continue;
    batch.push(key);
    if (batch.length >= BATCH) {
      await sweep(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await sweep(batch);
  if (removed > 0) log.info("removed unreferenced media files", { removed, scanned });
  return { scanned, removed, kept: scanned - removed };
};
