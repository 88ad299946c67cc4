import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, type Prisma } from "@/lib/db/client";
import type { CommentStatus } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import type { TPlatform } from "@/lib/schemas/common";
import { COMMENT_INBOX_STATUSES } from "@/lib/schemas/comments";
import { seedNetworkProfile, seedPublishedPost, uniqueDigits } from "@/testing/comments";
import { seedTenant, type Tenant } from "@/testing/network-tests";
import { seedGroup } from "@/testing/seed";
import { foldCommentTallies, tallyTotal, type TallyScope } from "./comment-tallies";
import { statusFilter } from "./inbox";

// The totals read from comment_tallies equal a count of the comments they stand for, for every scope and
// filter GET /api/comments takes, whatever sequence of inserts, updates and deletes (single or bulk,
// sequential or concurrent) the comments went through, and still after the deltas are folded.

afterAll(() => db.$disconnect());

type World = Awaited<ReturnType<typeof seedWorld>>;

const seedWorld = async (tenant: Tenant) => {
  const groups = [tenant.group, await seedGroup({ accountId: tenant.account.id, environment: "live" })];
  const profiles = await Promise.all(
    (
      [
        [groups[0]!, "facebook"],
        [groups[0]!, "instagram"],
        [groups[1]!, "facebook"],
      ] as const
    ).map(async ([group, platform]) => {
      const profile = await seedNetworkProfile({ group, platform });
      const { platformPost } = await seedPublishedPost({ group, profile, externalId: uniqueDigits() });
      return { group, profile, platformPost };
    }),
  );
  return { tenant, groups, profiles };
};

const STATUSES: CommentStatus[] = ["synced", "pending", "published", "failed", "delivery_unconfirmed"];

type Draft = { on: number; status: CommentStatus; isHidden: boolean; replied: boolean; onProfile: boolean };
const draft = fc.record({
  on: fc.nat(2),
  status: fc.constantFrom(...STATUSES),
  isHidden: fc.boolean(),
  replied: fc.boolean(),
  onProfile: fc.boolean(), // a review-like comment without a post: never counted
});
type Op =
  | { kind: "insert"; drafts: Draft[] }
  | { kind: "update"; pick: number[]; set: Partial<Omit<Draft, "onProfile">> }
  | { kind: "delete"; pick: number[] };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("insert" as const), drafts: fc.array(draft, { minLength: 1, maxLength: 6 }) }),
  fc.record({
    kind: fc.constant("update" as const),
    pick: fc.array(fc.nat(40), { minLength: 1, maxLength: 5 }),
    set: fc.record(
      { on: fc.nat(2), status: fc.constantFrom(...STATUSES), isHidden: fc.boolean(), replied: fc.boolean() },
      { requiredKeys: [] },
    ),
  }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.array(fc.nat(40), { minLength: 1, maxLength: 3 }) }),
);

const rowOf = (world: World, d: Draft): Prisma.CommentCreateManyInput => {
  const { group, profile, platformPost } = world.profiles[d.on]!;
  return {
    id: newId("comment"),
    accountId: group.accountId,
    environment: group.environment,
    profileGroupId: group.id,
    profileId: profile.id,
    platform: profile.platform,
    ...(d.onProfile
      ? { placementId: uniqueDigits() }
      : { postId: platformPost.postId, rootPostId: platformPost.rootPostId, platformPostId: platformPost.id }),
    externalId: uniqueDigits(),
    body: "A comment",
    status: d.status,
    isHidden: d.isHidden,
    replied: d.replied,
  };
};

// Moving a comment to another profile moves its scope columns with it, as a profile changing group would.
const changesOf = (
  world: World,
  set: Extract<Op, { kind: "update" }>["set"],
): Prisma.CommentUncheckedUpdateManyInput => {
  const { on, ...flags } = set;
  if (on === undefined) return flags;
  const { group, profile } = world.profiles[on]!;
  return { ...flags, profileGroupId: group.id, profileId: profile.id, platform: profile.platform };
};

const apply = async (world: World, ops: Op[]) => {
  for (const o of ops) {
    if (o.kind === "insert") {
      // One statement for several rows, or one per row: both paths of the statement triggers.
      if (o.drafts.length > 2) await db.comment.createMany({ data: o.drafts.map((d) => rowOf(world, d)) });
      else for (const d of o.drafts) await db.comment.create({ data: rowOf(world, d) });
      continue;
    }
    const ids = (await db.comment.findMany({ where: { accountId: world.tenant.account.id }, select: { id: true } }))
      .map((c) => c.id)
      .sort();
    const picked = [...new Set(o.pick.map((i) => ids[i % Math.max(ids.length, 1)]))].filter((id) => id);
    const where = { id: { in: picked as string[] } };
    if (o.kind === "update") await db.comment.updateMany({ where, data: changesOf(world, o.set) });
    else await db.comment.deleteMany({ where });
  }
};

// Every scope x profiles x status combination the list takes, tallied and counted.
const scopesOf = (world: World) => {
  const { account } = world.tenant;
  const [fbA, igA, fbB] = world.profiles.map((p) => p.profile);
  const groupScopes = [undefined, world.groups[0]!.id, world.groups[1]!.id];
  const profileFilters: (TallyScope["profiles"] | undefined)[] = [
    undefined,
    { ids: [fbA!.id], platforms: [] },
    { ids: [], platforms: ["facebook"] },
    { ids: [fbB!.id], platforms: ["instagram"] },
    { ids: [igA!.id, "profile_unknown"], platforms: [] },
    { ids: [], platforms: [] },
  ];
  const statuses = [undefined, ...COMMENT_INBOX_STATUSES];
  return groupScopes.flatMap((profileGroupId) =>
    profileFilters.flatMap((profiles) =>
      statuses.map((status): TallyScope => ({
        accountId: account.id,
        environment: "live",
        ...(profileGroupId && { profileGroupId }),
        ...(profiles && { profiles }),
        filter: status ? statusFilter(status) : {},
      })),
    ),
  );
};

const counted = ({ profiles, filter, ...scope }: TallyScope) =>
  db.comment.count({
    where: {
      ...scope,
      ...filter,
      platformPostId: { not: null },
      ...(profiles && {
        OR: [
          ...profiles.ids.map((id) => ({ profileId: id })),
          ...profiles.platforms.map((platform: TPlatform) => ({ platform })),
        ],
      }),
    },
  });

const expectTalliesMatch = async (world: World) => {
  const scopes = scopesOf(world);
  const [tallied, truth] = await Promise.all([Promise.all(scopes.map(tallyTotal)), Promise.all(scopes.map(counted))]);
  expect(tallied).toEqual(truth);
};

describe("comment tallies", () => {
  let world: World;
  beforeAll(async () => {
    world = await seedWorld(await seedTenant());
  });

  it("equal the comment count for every scope and filter after any sequence of writes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        await apply(world, ops);
        await expectTalliesMatch(world);
      }),
      { numRuns: 25 },
    );
  });

  it("still equal the count after their deltas are folded, with one row per key", async () => {
    await apply(world, [
      { kind: "insert", drafts: [{ on: 0, status: "synced", isHidden: false, replied: false, onProfile: false }] },
    ]);
    await foldCommentTallies();
    await expectTalliesMatch(world);
    const perKey = await db.commentTally.groupBy({
      by: ["profileId", "status", "isHidden", "replied"],
      where: { accountId: world.tenant.account.id },
      _count: { _all: true },
    });
    expect(perKey.length).toBeGreaterThan(0);
    expect(perKey.every((k) => k._count._all === 1)).toBe(true);
  });

  it("equal the count after concurrent inserts, updates and deletes on one profile", async () => {
    const fresh = await seedWorld(await seedTenant());
    const one = (status: CommentStatus): Draft => ({
      on: 0,
      status,
      isHidden: false,
      replied: false,
      onProfile: false,
    });
    await apply(fresh, [{ kind: "insert", drafts: Array.from({ length: 20 }, () => one("synced")) }]);
    const ids = (
      await db.comment.findMany({ where: { accountId: fresh.tenant.account.id }, select: { id: true } })
    ).map((c) => c.id);
    await Promise.all([
      ...Array.from({ length: 10 }, () => db.comment.create({ data: rowOf(fresh, one("synced")) })),
      ...ids
        .slice(0, 10)
        .map((id, i) => db.comment.update({ where: { id }, data: { isHidden: i % 2 === 0, replied: true } })),
      ...ids.slice(10, 15).map((id) => db.comment.delete({ where: { id } })),
      foldCommentTallies(),
      foldCommentTallies(),
    ]);
    await expectTalliesMatch(fresh);
  });

  it("drop a deleted post's comments with it", async () => {
    const fresh = await seedWorld(await seedTenant());
    await apply(fresh, [
      {
        kind: "insert",
        drafts: [0, 0, 1].map((on) => ({ on, status: "synced", isHidden: false, replied: false, onProfile: false })),
      },
    ]);
    await db.post.delete({ where: { id: fresh.profiles[0]!.platformPost.postId } });
    await expectTalliesMatch(fresh);
    expect(await tallyTotal({ accountId: fresh.tenant.account.id, environment: "live", filter: {} })).toBe(1);
  });
});
