import { afterAll, describe, expect, it } from "vitest";
import { serializePostQueue } from "@/lib/serializers/post-queue";
import { db } from "@/lib/db/client";
import { createQueueRequest, newQueue, patchQueueRequest, queueTenant, seedQueuePost, slot } from "@/testing/queues";
import { seedGroup } from "@/testing/seed";
import { deletePostQueue, getPostQueueOrThrow, listPostQueues, updatePostQueue } from "./post-queues";

afterAll(() => db.$disconnect());

// Queue create, read, update and delete (lib/services/queues/post-queues.ts); create and update through
// the routes where the answer's shape is the rule. Validation, tenancy and next_slot have their own
// files; rearrangement is in rearrange.test.ts.

describe("creating a post queue", () => {
  it("answers the spec's shape with the defaults: UTC, no jitter, enabled, no description, no posts", async () => {
    const { group, token } = await queueTenant();
    const res = await createQueueRequest(token, {
      profile_group_id: group.id,
      post_queue: { name: "  Weekdays ", queue_timeslots_attributes: [slot(1, "09:30")] },
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^que_/),
      name: "Weekdays",
      description: null,
      timezone: "UTC",
      enabled: true,
      jitter: 0,
      profile_group_id: group.id,
      timeslots: [{ id: expect.any(Number), day: 1, time: "09:30" }],
      posts_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it("timeslots come sorted by day, then time", async () => {
    const { group, token } = await queueTenant();
    const res = await createQueueRequest(token, {
      profile_group_id: group.id,
      post_queue: { name: "Q", queue_timeslots_attributes: [slot(3, "17:00"), slot(1, "09:30"), slot(3, "08:05")] },
    });
    expect((res.json.timeslots as { day: number; time: string }[]).map((s) => [s.day, s.time])).toEqual([
      [1, "09:30"],
      [3, "08:05"],
      [3, "17:00"],
    ]);
  });

  it("a day and time given twice is one slot", async () => {
    const { group, token } = await queueTenant();
    const res = await createQueueRequest(token, {
      profile_group_id: group.id,
      post_queue: { name: "Q", queue_timeslots_attributes: [slot(1, "09:30"), slot(1, "09:30")] },
    });
    expect(res.json.timeslots).toEqual([{ id: expect.any(Number), day: 1, time: "09:30" }]);
  });

  it("accepts the bare queue fields, canonicalises the timezone, keeps description, jitter and enabled", async () => {
    const { group, token } = await queueTenant();
    const res = await createQueueRequest(token, {
      profile_group_id: group.id,
      name: "Bare",
      timezone: "europe/berlin",
      jitter: 60,
      description: "d",
      enabled: false,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: "Bare",
      timezone: "Europe/Berlin",
      jitter: 60,
      description: "d",
      enabled: false,
      timeslots: [],
    });
  });
});

describe("reading post queues", () => {
  it("posts_count counts the waiting root posts only (not drafts, thread children, published or other queues' posts)", async () => {
    const { group, principal } = await queueTenant();
    const queue = await newQueue(principal, group.id);
    const root = await seedQueuePost(group, { queueId: queue.id });
    await seedQueuePost(group, { queueId: queue.id, status: "pending" });
    await seedQueuePost(group, { queueId: queue.id, draft: true, status: "draft" });
    await seedQueuePost(group, { queueId: queue.id, status: "processed" });
    await seedQueuePost(group, { queueId: queue.id, parentId: root.id, position: 1 });
    await seedQueuePost(group);
    expect(serializePostQueue(await getPostQueueOrThrow({ principal, id: queue.id })).posts_count).toBe(2);
  });

  it("lists the account's queues oldest first", async () => {
    const { account, group, principal } = await queueTenant();
    const other = await seedGroup({ accountId: account.id });
    const a = await newQueue(principal, group.id, { name: "A" });
    const b = await newQueue(principal, other.id, { name: "B" });
    expect((await listPostQueues({ principal })).map((q) => q.id)).toEqual([a.id, b.id]);
  });

  it("profile_group_id lists that group's queues only; an unknown group has none", async () => {
    const { account, group, principal } = await queueTenant();
    const other = await seedGroup({ accountId: account.id });
    await newQueue(principal, group.id, { name: "A" });
    const b = await newQueue(principal, other.id, { name: "B" });
    expect((await listPostQueues({ principal, profileGroupId: other.id })).map((q) => q.id)).toEqual([b.id]);
    expect(await listPostQueues({ principal, profileGroupId: "grp_unknown" })).toEqual([]);
  });
});

describe("updating a post queue", () => {
  const twoSlotQueue = async () => {
    const t = await queueTenant();
    const queue = await newQueue(t.principal, t.group.id, { timeslots: [slot(1, "09:00"), slot(2, "09:00")] });
    return { ...t, queue, mon: queue.timeslots[0]!, tue: queue.timeslots[1]! };
  };

  it("updates name, description, timezone, jitter and enabled", async () => {
    const { token, queue } = await twoSlotQueue();
    const res = await patchQueueRequest(token, queue.id, {
      post_queue: { name: "Renamed", description: "About", timezone: "Asia/Tokyo", jitter: 5, enabled: false },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: "Renamed",
      description: "About",
      timezone: "Asia/Tokyo",
      jitter: 5,
      enabled: false,
    });
  });

  it("adds and removes timeslots in one request; an existing slot given again is kept with its id", async () => {
    const { token, queue, mon, tue } = await twoSlotQueue();
    const res = await patchQueueRequest(token, queue.id, {
      post_queue: {
        queue_timeslots_attributes: [
          slot(1, "09:00"),
          { id: tue.id, _destroy: true },
          slot(5, "18:00"),
          slot(5, "18:00"),
        ],
      },
    });
    expect(res.json.timeslots).toEqual([
      { id: mon.id, day: 1, time: "09:00" },
      { id: expect.any(Number), day: 5, time: "18:00" },
    ]);
  });

  it("a slot removed in a request can be added back in the same request", async () => {
    const { principal, queue, mon } = await twoSlotQueue();
    const again = await updatePostQueue({
      principal,
      id: queue.id,
      input: { post_queue: { queue_timeslots_attributes: [{ id: mon.id, _destroy: true }, slot(1, "09:00")] } },
    });
    expect(again.timeslots.map((s) => [s.day, s.time])).toEqual([
      [1, "09:00"],
      [2, "09:00"],
    ]);
  });

  it("description null clears it", async () => {
    const { principal, queue } = await twoSlotQueue();
    await updatePostQueue({ principal, id: queue.id, input: { post_queue: { description: "About" } } });
    const cleared = await updatePostQueue({ principal, id: queue.id, input: { post_queue: { description: null } } });
    expect(cleared.description).toBeNull();
  });
});

describe("deleting a post queue", () => {
  it("answers {deleted: true}, removes its timeslots, and the queue is gone (404 afterwards)", async () => {
    const { group, principal } = await queueTenant();
    const queue = await newQueue(principal, group.id, { timeslots: [slot(1, "09:00")] });
    expect(await deletePostQueue({ principal, id: queue.id })).toEqual({ deleted: true });
    expect(await db.queueTimeslot.count({ where: { queueId: queue.id } })).toBe(0);
    await expect(getPostQueueOrThrow({ principal, id: queue.id })).rejects.toMatchObject({ status: 404 });
    await expect(deletePostQueue({ principal, id: queue.id })).rejects.toMatchObject({ status: 404 });
  });

  it("a post with a slot stays scheduled at its time, without the queue", async () => {
    const { group, principal } = await queueTenant();
    const queue = await newQueue(principal, group.id, { timeslots: [slot(1, "09:00")] });
    const at = new Date("2030-01-07T09:00:00Z");
    const post = await seedQueuePost(group, { queueId: queue.id, queuePriority: "high", scheduledAt: at });
    await deletePostQueue({ principal, id: queue.id });
    const kept = await db.post.findUniqueOrThrow({ where: { id: post.id } });
    expect(kept).toMatchObject({ queueId: null, scheduledAt: at, status: "scheduled" });
  });

  it("a post that had no slot becomes a draft, so it does not go out at once", async () => {
    const { group, principal } = await queueTenant();
    const queue = await newQueue(principal, group.id, { timeslots: [slot(1, "09:00")] });
    const unslotted = await seedQueuePost(group, { queueId: queue.id, queuePriority: "low", scheduledAt: null });
    await deletePostQueue({ principal, id: queue.id });
    expect(await db.post.findUniqueOrThrow({ where: { id: unslotted.id } })).toMatchObject({
      queueId: null,
      scheduledAt: null,
      draft: true,
      status: "draft",
    });
  });
});
