// Test support: what the bad-input campaign compares before and after (e2e/api/bad-input.spec.ts).
//   tsx --conditions=react-server e2e/support/snapshot-script.ts <accountId>
//   Prints JSON: the account's row counts per table, the global counts of accounts, users and sign-in
//   throttles, and the files in the media directory (relative paths, sorted).
import { readdirSync } from "node:fs";
import path from "node:path";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { mediaDir } from "@/lib/media/storage";

const [accountId] = process.argv.slice(2);
if (!accountId) throw new Error("usage: snapshot-script.ts <accountId>");

const account = { accountId };
const ofPosts = { post: account };
const files = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
};

const counts = {
  profile_groups: await db.profileGroup.count({ where: account }),
  profiles: await db.profile.count({ where: account }),
  placements: await db.placement.count({ where: { profile: account } }),
  api_keys: await db.apiKey.count({ where: account }),
  posts: await db.post.count({ where: account }),
  platform_posts: await db.platformPost.count({ where: ofPosts }),
  post_media: await db.postMedia.count({ where: ofPosts }),
  post_queues: await db.postQueue.count({ where: account }),
  queue_timeslots: await db.queueTimeslot.count({ where: { queue: account } }),
  webhooks: await db.webhook.count({ where: account }),
  idempotency_records: await db.idempotencyRecord.count({ where: account }),
  connection_attempts: await db.connectionAttempt.count({ where: account }),
  // profile.stats comes from the hourly stats cron (minute 17), not from a request: a campaign that runs
  // across that minute saw one (CI, 05:17 UTC)
  events: await db.event.count({ where: { ...account, type: { not: "profile.stats" } } }),
  all_accounts: await db.account.count(),
  all_users: await db.user.count(),
  all_sign_in_throttles: await db.signInThrottle.count(),
};
process.stdout.write(`${JSON.stringify({ counts, media: files(mediaDir(env())) })}\n`);
await db.$disconnect();
