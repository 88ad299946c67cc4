import { afterAll, describe, expect, it } from "vitest";
import { db, type Prisma } from "@/lib/db/client";
import type { Environment, PlatformPostStatus } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { principalFor, seedAccount, seedGroup } from "@/testing/seed";
import { readAttention } from "./read-attention";

afterAll(() => db.$disconnect());

const NOW = new Date("2026-06-15T12:00:00Z");
const daysFromNow = (days: number) => new Date(NOW.getTime() + days * 86_400_000);

type Group = { id: string; accountId: string; environment: Environment };

// A group holds one profile per network and account key; every profile here is its own account.
const seedProfile = async (group: Group, data: Partial<Prisma.ProfileUncheckedCreateInput> = {}) => {
  const id = newId("profile");
  await db.profile.create({
    data: { ...groupFields(group), id, platform: "twitter", name: `Profile ${id}`, accountKey: id, ...data },
  });
  return id;
};

const seedPlatformPost = async (group: Group, status: PlatformPostStatus, updatedAt = daysFromNow(-1)) => {
  const profileId = await seedProfile(group);
  const post = await db.post.create({
    data: { ...groupFields(group), id: newId("post"), body: `Post ${status}`, status: "processed" },
  });
  const id = newId("platformPost");
  await db.platformPost.create({
    data: { id, postId: post.id, rootPostId: post.id, profileId, platform: "twitter", status },
  });
  // updatedAt is set by Prisma on every write; the raw update places the row in time.
  await db.$executeRaw`UPDATE platform_posts SET updated_at = ${updatedAt} WHERE id = ${id}`;
  return id;
};

const groupFields = (g: Group) => ({ accountId: g.accountId, environment: g.environment, profileGroupId: g.id });

const seedQueue = async (group: Group, { enabled = true, slots = 0, waiting = 0 } = {}) => {
  const queue = await db.postQueue.create({
    data: {
      ...groupFields(group),
      id: newId("postQueue"),
      name: `Queue ${newId("postQueue")}`,
      enabled,
      timeslots: { create: Array.from({ length: slots }, (_, i) => ({ day: i, time: "09:00" })) },
    },
  });
  for (let i = 0; i < waiting; i++)
    await db.post.create({
      data: { ...groupFields(group), id: newId("post"), body: "queued", status: "scheduled", queueId: queue.id },
    });
  return queue.id;
};

// A webhook with one dispatch per outcome, oldest first, each one delivery attempt.
const seedWebhook = async (group: Group, outcomes: { success: boolean; daysAgo: number }[], enabled = true) => {
  const webhook = await db.webhook.create({
    data: {
      ...groupFields(group),
      id: newId("webhook"),
      url: "https://example.test/hook",
      events: [],
      enabled,
      secret: "x",
    },
  });
  for (const { success, daysAgo } of outcomes) {
    const event = await db.event.create({
      data: { ...groupFields(group), id: newId("event"), type: "post.published", data: {} },
    });
    const dispatch = await db.webhookDispatch.create({
      data: {
        id: newId("webhookDispatch"),
        webhookId: webhook.id,
        eventId: event.id,
        status: success ? "delivered" : "failed",
        attempts: 1,
      },
    });
    await db.webhookDelivery.create({
      data: {
        id: newId("webhookDelivery"),
        webhookId: webhook.id,
        dispatchId: dispatch.id,
        eventId: event.id,
        eventType: event.type,
        attemptNumber: 1,
        responseStatus: success ? 200 : 500,
        success,
        error: success ? null : "HTTP 500",
        durationMs: 10,
        attemptedAt: daysFromNow(-daysAgo),
      },
    });
  }
  return webhook.id;
};

// One brand with a problem of every kind next to healthy items of every kind.
const seedBrand = async (accountId: string, environment: Environment) => {
  const group = await seedGroup({ accountId, environment });
  const profile = (data: Partial<Prisma.ProfileUncheckedCreateInput>) => seedProfile(group, data);
  return {
    group,
    problems: {
      failed: await seedPlatformPost(group, "failed"),
      unconfirmed: await seedPlatformPost(group, "delivery_unconfirmed", daysFromNow(-2)),
      disconnected: await profile({ status: "disconnected", disconnectReason: "Token revoked" }),
      expiring: await profile({ expiresAt: daysFromNow(3) }),
      expired: await profile({ expiresAt: daysFromNow(-1) }),
      noSlots: await seedQueue(group),
      paused: await seedQueue(group, { enabled: false, slots: 1, waiting: 2 }),
      failingHook: await seedWebhook(group, [
        { success: true, daysAgo: 5 },
        { success: false, daysAgo: 2 },
        { success: false, daysAgo: 1 },
      ]),
    },
    healthy: {
      published: await seedPlatformPost(group, "published"),
      retrying: await seedPlatformPost(group, "failed_waiting_for_retry"),
      oldFailure: await seedPlatformPost(group, "failed", daysFromNow(-40)),
      active: await profile({ expiresAt: daysFromNow(30), tokenExpiresAt: daysFromNow(-1) }),
      withSlots: await seedQueue(group, { slots: 2 }),
      pausedEmpty: await seedQueue(group, { enabled: false }),
      recoveredHook: await seedWebhook(group, [
        { success: false, daysAgo: 2 },
        { success: true, daysAgo: 1 },
      ]),
      oldHook: await seedWebhook(group, [{ success: false, daysAgo: 40 }]),
      disabledHook: await seedWebhook(group, [{ success: false, daysAgo: 1 }], false),
    },
  };
};

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

describe("readAttention", () => {
  it("lists each section's problems of the caller's account and environment, not healthy items or other tenants", async () => {
    const account = await seedAccount();
    const mine = await seedBrand(account.id, "live");
    await seedBrand(account.id, "sandbox"); // the other environment
    await seedBrand((await seedAccount()).id, "live"); // another account
    const { problems: p, group } = mine;

    const attention = await readAttention({ principal: principalFor({ accountId: account.id }), now: NOW });

    expect(attention.posts.total).toBe(2);
    expect(attention.posts.rows.map((r) => [r.id, r.status])).toEqual([
      [p.failed, "failed"],
      [p.unconfirmed, "delivery_unconfirmed"],
    ]); // newest first
    expect(attention.posts.rows[0]).toMatchObject({ brand: { id: group.id, name: group.name }, platform: "twitter" });
    expect(attention.profiles.map((r) => [r.id, r.reason]).sort()).toEqual(
      [
        [p.disconnected, "disconnected"],
        [p.expiring, "expiring"],
        [p.expired, "expired"],
      ].sort(),
    );
    expect(attention.profiles.find((r) => r.id === p.disconnected)?.detail).toBe("Token revoked");
    expect(attention.queues.map((r) => [r.id, r.reason, r.waiting]).sort()).toEqual(
      [
        [p.noSlots, "no_slots", 0],
        [p.paused, "paused", 2],
      ].sort(),
    );
    expect(attention.webhooks).toEqual([
      expect.objectContaining({
        id: p.failingHook,
        failures: 2,
        lastStatus: 500,
        brand: { id: group.id, name: group.name },
      }),
    ]);
  });

  it("caps the posts at the limit and keeps the total", async () => {
    const account = await seedAccount();
    const group = await seedGroup({ accountId: account.id });
    for (let day = 1; day <= 3; day++) await seedPlatformPost(group, "failed", daysFromNow(-day));
    const attention = await readAttention({ principal: principalFor({ accountId: account.id }), now: NOW, limit: 2 });
    expect(attention.posts.total).toBe(3);
    expect(attention.posts.rows).toHaveLength(2);
  });

  it("a key scoped to one brand sees only that brand's problems", async () => {
    const account = await seedAccount();
    const mine = await seedBrand(account.id, "live");
    await seedBrand(account.id, "live");
    const attention = await readAttention({
      principal: principalFor({ accountId: account.id, kind: "scoped_key", profileGroupId: mine.group.id }),
      now: NOW,
    });
    const all = [
      ...attention.posts.rows.map((r) => r.brand),
      ...attention.profiles.map((r) => r.brand),
      ...attention.queues.map((r) => r.brand),
    ];
    expect(all.length).toBe(7);
    expect(new Set(all.map((b) => b.id))).toEqual(new Set([mine.group.id]));
    expect(ids(attention.webhooks)).toEqual([mine.problems.failingHook]);
  });

  it("an account without problems has empty sections", async () => {
    const account = await seedAccount();
    await seedBrand((await seedAccount()).id, "live");
    expect(await readAttention({ principal: principalFor({ accountId: account.id }), now: NOW })).toEqual({
      posts: { total: 0, rows: [] },
      profiles: [],
      queues: [],
      webhooks: [],
    });
  });
});
