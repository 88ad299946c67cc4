import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { principalFor, seedAccount, seedGroup } from "@/testing/seed";
import { createPostQueue, updatePostQueue } from "./post-queues";
import { listQueuedPosts, setQueuedPostPriority } from "./queued-posts";
import { rearrangeQueue } from "./rearrange";

afterAll(() => db.$disconnect());

// Every rearrangement trigger that lives in the queue code, with posts inserted directly.
// `now` is fixed: Wednesday 2026-03-04 12:00 UTC.

const NOW = new Date("2026-03-04T12:00:00Z");
type Priority = "high" | "medium" | "low";
type Slot = { day: number; time: string };

const setup = async ({ timeslots = [] as Slot[], timezone = "UTC", jitter = 0, enabled = true } = {}) => {
  const account = await seedAccount();
  const group = await seedGroup({ accountId: account.id });
  const principal = principalFor({ accountId: account.id });
  const queue = await createPostQueue({
    principal,
    input: {
      profile_group_id: group.id,
      post_queue: { name: "Q", timezone, jitter, enabled, queue_timeslots_attributes: timeslots },
    },
  });
  let order = 0;
  const post = async (name: string, priority: Priority | null, over: Record<string, unknown> = {}) =>
    db.post.create({
      data: {
        id: newId("post"),
        accountId: account.id,
        environment: "live",
        profileGroupId: group.id,
        body: name,
        status: "scheduled",
        queueId: queue.id,
        queuePriority: priority,
        // creation order = call order, one minute apart
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, order++)),
        ...over,
      },
    });
  // body -> scheduled_at, in publishing order
  const placed = async () =>
    (
      await db.post.findMany({
        where: { queueId: queue.id },
        orderBy: [{ scheduledAt: { sort: "asc", nulls: "last" } }, { body: "asc" }],
      })
    ).map((p) => [p.body, p.scheduledAt?.toISOString() ?? null]);
  const update = (postQueue: Record<string, unknown>, random?: () => number) =>
    updatePostQueue({ principal, id: queue.id, input: { post_queue: postQueue }, now: NOW, random });
  return { account, group, principal, queue, post, placed, update };
};

describe("rearrangement triggers", () => {
  it("adding timeslots places posts high > medium > low, oldest first, one per slot", async () => {
    const q = await setup();
    await q.post("low-old", "low");
    await q.post("medium-old", "medium");
    await q.post("high", "high");
    await q.post("medium-new", null); // no priority = medium
    await q.post("low-new", "low");
    await q.update({
      queue_timeslots_attributes: [
        { day: 4, time: "09:00" },
        { day: 5, time: "09:00" },
        { day: 1, time: "10:00" },
      ],
    });
    expect(await q.placed()).toEqual([
      ["high", "2026-03-05T09:00:00.000Z"], // Thursday
      ["medium-old", "2026-03-06T09:00:00.000Z"], // Friday
      ["medium-new", "2026-03-09T10:00:00.000Z"], // Monday
      ["low-old", "2026-03-12T09:00:00.000Z"],
      ["low-new", "2026-03-13T09:00:00.000Z"],
    ]);
  });

  it("removing a timeslot moves posts into the remaining ones; removing the last clears scheduled_at", async () => {
    const q = await setup({
      timeslots: [
        { day: 4, time: "09:00" },
        { day: 5, time: "09:00" },
      ],
    });
    await q.post("a", "medium");
    await q.post("b", "medium");
    await rearrangeQueue(db, q.queue.id, { now: NOW });
    expect(await q.placed()).toEqual([
      ["a", "2026-03-05T09:00:00.000Z"],
      ["b", "2026-03-06T09:00:00.000Z"],
    ]);
    const [thu, fri] = q.queue.timeslots;
    await q.update({ queue_timeslots_attributes: [{ id: thu!.id, _destroy: true }] });
    expect(await q.placed()).toEqual([
      ["a", "2026-03-06T09:00:00.000Z"],
      ["b", "2026-03-13T09:00:00.000Z"],
    ]);
    await q.update({ queue_timeslots_attributes: [{ id: fri!.id, _destroy: true }] });
    expect(await q.placed()).toEqual([
      ["a", null],
      ["b", null],
    ]);
  });

  it("a timezone change re-reads the slots in the new zone, across the DST change (America/New_York)", async () => {
    const q = await setup({ timeslots: [{ day: 0, time: "02:30" }] });
    await q.post("a", "high");
    await q.post("b", "medium");
    await q.post("c", "low");
    await rearrangeQueue(db, q.queue.id, { now: NOW });
    expect(await q.placed()).toEqual([
      ["a", "2026-03-08T02:30:00.000Z"],
      ["b", "2026-03-15T02:30:00.000Z"],
      ["c", "2026-03-22T02:30:00.000Z"],
    ]);
    await q.update({ timezone: "America/New_York" });
    expect(await q.placed()).toEqual([
      ["a", "2026-03-08T07:30:00.000Z"], // 02:30 does not exist on 8 March: 03:30 EDT
      ["b", "2026-03-15T06:30:00.000Z"], // 02:30 EDT
      ["c", "2026-03-22T06:30:00.000Z"],
    ]);
  });

  it("a jitter change re-draws the times within ± jitter of each slot, never reordering", async () => {
    const q = await setup({
      timeslots: [
        { day: 4, time: "09:00" },
        { day: 5, time: "09:00" },
      ],
    });
    await q.post("a", "medium");
    await q.post("b", "medium");
    await q.update({ jitter: 30 }, () => 0); // -30 minutes each
    expect(await q.placed()).toEqual([
      ["a", "2026-03-05T08:30:00.000Z"],
      ["b", "2026-03-06T08:30:00.000Z"],
    ]);
    await q.update({ jitter: 10 }, () => 1); // +10 minutes
    expect(await q.placed()).toEqual([
      ["a", "2026-03-05T09:10:00.000Z"],
      ["b", "2026-03-06T09:10:00.000Z"],
    ]);
  });

  it("other changes (name, description, pausing, an existing slot re-added, the same timezone) leave the times alone", async () => {
    const q = await setup({ timeslots: [{ day: 4, time: "09:00" }], jitter: 20 });
    await q.post("a", "medium", { scheduledAt: new Date("2026-03-05T09:07:00Z") });
    await q.update(
      {
        name: "Renamed",
        description: "x",
        enabled: false,
        timezone: "UTC",
        jitter: 20,
        queue_timeslots_attributes: [{ day: 4, time: "09:00" }],
      },
      () => 0,
    );
    expect(await q.placed()).toEqual([["a", "2026-03-05T09:07:00.000Z"]]);
  });

  it("drafts, thread children and posts no longer waiting keep their scheduled_at", async () => {
    const q = await setup();
    const root = await q.post("waiting", "medium");
    const fixed = new Date("2026-03-01T09:00:00Z");
    await q.post("draft", "high", { draft: true, status: "draft", scheduledAt: fixed });
    await q.post("child", "high", { parentId: root.id, position: 1, scheduledAt: fixed });
    await q.post("processed", "high", { status: "processed", scheduledAt: fixed });
    await q.post("processing", "high", { status: "processing", scheduledAt: fixed });
    await q.update({ queue_timeslots_attributes: [{ day: 4, time: "09:00" }] });
    expect(await q.placed()).toEqual([
      ["child", fixed.toISOString()],
      ["draft", fixed.toISOString()],
      ["processed", fixed.toISOString()],
      ["processing", fixed.toISOString()],
      ["waiting", "2026-03-05T09:00:00.000Z"],
    ]);
  });

  it("pausing keeps past-due posts where they are; resuming moves them to future slots", async () => {
    const q = await setup({
      timeslots: [
        { day: 1, time: "09:00" },
        { day: 3, time: "09:00" },
      ],
    });
    await q.post("a", "medium", { scheduledAt: new Date("2026-03-02T09:00:00Z") }); // Monday, past due
    await q.post("b", "medium", { scheduledAt: new Date("2026-03-04T09:00:00Z") }); // this morning, past due
    await q.update({ enabled: false });
    expect(await q.placed()).toEqual([
      ["a", "2026-03-02T09:00:00.000Z"],
      ["b", "2026-03-04T09:00:00.000Z"],
    ]);
    const resumed = await q.update({ enabled: true });
    expect(resumed.enabled).toBe(true);
    expect(await q.placed()).toEqual([
      ["a", "2026-03-09T09:00:00.000Z"],
      ["b", "2026-03-11T09:00:00.000Z"],
    ]);
  });

  it("setQueuedPostPriority changes the priority and rearranges; 422 outside a queue, 404 outside the scope", async () => {
    const q = await setup({ timeslots: [{ day: 4, time: "09:00" }] });
    await q.post("a", "medium");
    const b = await q.post("b", "medium");
    await rearrangeQueue(db, q.queue.id, { now: NOW });
    expect(await q.placed()).toEqual([
      ["a", "2026-03-05T09:00:00.000Z"],
      ["b", "2026-03-12T09:00:00.000Z"],
    ]);

    const updated = await setQueuedPostPriority({ principal: q.principal, postId: b.id, priority: "high", now: NOW });
    expect(updated).toMatchObject({ id: b.id, queuePriority: "high", scheduledAt: new Date("2026-03-05T09:00:00Z") });
    expect(await q.placed()).toEqual([
      ["b", "2026-03-05T09:00:00.000Z"],
      ["a", "2026-03-12T09:00:00.000Z"],
    ]);

    const loose = await db.post.create({
      data: {
        id: newId("post"),
        accountId: q.account.id,
        environment: "live",
        profileGroupId: q.group.id,
        body: "x",
        status: "scheduled",
      },
    });
    await expect(
      setQueuedPostPriority({ principal: q.principal, postId: loose.id, priority: "low" }),
    ).rejects.toMatchObject({
      status: 422,
      details: { errors: ["Post is not in a queue"] },
    });
    const otherGroup = await seedGroup({ accountId: q.account.id });
    for (const p of [
      principalFor({ accountId: q.account.id, environment: "sandbox" }),
      principalFor({ accountId: q.account.id, kind: "scoped_key", profileGroupId: otherGroup.id }),
      principalFor({ accountId: (await seedAccount()).id }),
    ]) {
      await expect(setQueuedPostPriority({ principal: p, postId: b.id, priority: "low" })).rejects.toMatchObject({
        status: 404,
      });
      await expect(listQueuedPosts({ principal: p, queueId: q.queue.id })).rejects.toMatchObject({ status: 404 });
    }
  });

  it("listQueuedPosts returns the waiting posts in a window plus those without a slot, in publishing order", async () => {
    const q = await setup({ timeslots: [{ day: 4, time: "09:00" }] });
    await q.post("a", "low");
    await q.post("b", "high");
    await q.post("c", "medium");
    await rearrangeQueue(db, q.queue.id, { now: NOW });
    const week = await listQueuedPosts({
      principal: q.principal,
      queueId: q.queue.id,
      from: new Date("2026-03-01T00:00:00Z"),
      to: new Date("2026-03-08T00:00:00Z"),
    });
    expect(week.map((p) => p.body)).toEqual(["b"]);
    expect((await listQueuedPosts({ principal: q.principal, queueId: q.queue.id })).map((p) => p.body)).toEqual([
      "b",
      "c",
      "a",
    ]);
  });

  it("concurrent triggers serialise on the queue row: the last arrangement sees every slot", async () => {
    const q = await setup();
    for (const name of ["a", "b", "c", "d"]) await q.post(name, "medium");
    await Promise.all([
      q.update({ queue_timeslots_attributes: [{ day: 4, time: "09:00" }] }),
      q.update({ queue_timeslots_attributes: [{ day: 4, time: "10:00" }] }),
      q.update({ queue_timeslots_attributes: [{ day: 4, time: "11:00" }] }),
    ]);
    expect(await q.placed()).toEqual([
      ["a", "2026-03-05T09:00:00.000Z"],
      ["b", "2026-03-05T10:00:00.000Z"],
      ["c", "2026-03-05T11:00:00.000Z"],
      ["d", "2026-03-12T09:00:00.000Z"],
    ]);
  });

  it("rearrangeQueue on a deleted queue does nothing", async () => {
    await expect(rearrangeQueue(db, "que_1111111111111111", { now: NOW })).resolves.toEqual([]);
  });
});
