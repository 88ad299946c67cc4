import "server-only";
import { db, type Prisma } from "@/lib/db/client";
import type { TEnvironment, TPlatform } from "@/lib/schemas/common";

// GET /api/comments' `total` for requests narrowed only by scope, profiles and status (no `from`/`to`, `q`
// or `post_ids`): the sum of the `comment_tallies` deltas that the triggers on `comments` append for post
// comments (prisma/migrations/20261126072752_comment_tallies). A few hundred rows per tenant once folded,
// instead of an index scan over every comment. The same snapshot rule as a count: a statement sees the
// comments and the deltas of the same committed transactions.

export type TallyScope = {
  accountId: string;
  environment: TEnvironment;
  profileGroupId?: string;
  // Either narrows to the comments of those profiles (ids) or networks; both empty matches nothing.
  profiles?: { ids: string[]; platforms: TPlatform[] };
  // The columns an inbox status filter compares (lib/services/comments/inbox.ts statusFilter).
  filter: { status?: "synced"; isHidden?: boolean; replied?: boolean };
};

// The `profiles` narrowing as the arms of an OR, for comments and their tallies alike: only the arms that
// can match (the planner then sees a plain `platform IN (…)`); none matches nothing.
export const profileArms = ({ ids, platforms }: NonNullable<TallyScope["profiles"]>) => [
  ...(ids.length ? [{ profileId: { in: ids } }] : []),
  ...(platforms.length ? [{ platform: { in: platforms } }] : []),
];

export const tallyTotal = async ({ profiles, filter, ...scope }: TallyScope): Promise<number> => {
  const where: Prisma.CommentTallyWhereInput = { ...scope, ...filter, ...(profiles && { OR: profileArms(profiles) }) };
  const { _sum } = await db.commentTally.aggregate({ where, _sum: { count: true } });
  return _sum.count ?? 0;
};

const KEY = `"account_id", "environment", "profile_group_id", "profile_id", "platform", "status", "is_hidden", "replied"`;

// Replaces the deltas of up to `keys` keys holding more than one row by their sum (none when it is zero),
// in one statement: a reader sees the rows before or after, both summing to the same totals. A row taken
// by a concurrent fold is skipped by this one's delete, so each delta is summed once. Returns the rows written.
export const foldCommentTallies = async (keys = 5000): Promise<number> =>
  db.$executeRawUnsafe(`
    WITH "crowded" AS (
      SELECT ${KEY} FROM "comment_tallies" GROUP BY ${KEY} HAVING count(*) > 1 LIMIT ${Math.trunc(keys)}
    ), "taken" AS (
      DELETE FROM "comment_tallies" AS t USING "crowded" AS c
      WHERE (t."account_id", t."environment", t."profile_group_id", t."profile_id", t."platform", t."status", t."is_hidden", t."replied")
          = (c."account_id", c."environment", c."profile_group_id", c."profile_id", c."platform", c."status", c."is_hidden", c."replied")
      RETURNING t.*
    )
    INSERT INTO "comment_tallies" (${KEY}, "count")
    SELECT ${KEY}, sum("count")::int FROM "taken" GROUP BY ${KEY} HAVING sum("count") <> 0`);
