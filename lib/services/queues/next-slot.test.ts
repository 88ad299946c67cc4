import { afterAll, describe, expect, it } from "vitest";
import * as nextSlotRoute from "@/app/api/post_queues/[id]/next_slot/route";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { newQueue, queueTenant, seedQueuePost, slot } from "@/testing/queues";
import { getNextSlot } from "./post-queues";

afterAll(() => db.$disconnect());

// GET /api/post_queues/:id/next_slot (getNextSlot): the slot a post added now at the end of the queue
// would get, before jitter.

const now = new Date("2026-03-04T12:00:00Z"); // a Wednesday
const daily9 = [0, 1, 2, 3, 4, 5, 6].map((d) => slot(d, "09:00"));

// A Berlin queue with a slot every day at 9:00 (08:00 UTC in March).
const dailyQueue = async () => {
  const { group, principal } = await queueTenant();
  const queue = await newQueue(principal, group.id, { timezone: "Europe/Berlin", timeslots: daily9 });
  const next = async () => (await getNextSlot({ principal, id: queue.id, now })).toISOString();
  return { group, queue, next };
};

describe("next_slot", () => {
  it("is a 422 with `error` (and `errors`) when the queue has no timeslots", async () => {
    const { group, principal, token } = await queueTenant();
    const queue = await newQueue(principal, group.id);
    const res = await callRoute(nextSlotRoute.GET, {
      path: `/api/post_queues/${queue.id}/next_slot`,
      token,
      params: { id: queue.id },
    });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ error: "Queue has no timeslots", errors: ["Queue has no timeslots"] });
  });

  it("is the first future slot, in the queue's timezone", async () => {
    const { next } = await dailyQueue();
    expect(await next()).toBe("2026-03-05T08:00:00.000Z");
  });

  it("skips the slots waiting posts hold", async () => {
    const { group, queue, next } = await dailyQueue();
    await seedQueuePost(group, { queueId: queue.id, scheduledAt: new Date("2026-03-05T08:00:00Z") });
    await seedQueuePost(group, {
      queueId: queue.id,
      scheduledAt: new Date("2026-03-06T08:00:00Z"),
      status: "pending",
    });
    expect(await next()).toBe("2026-03-07T08:00:00.000Z");
  });

  it("drafts, published posts and past-due posts (about to publish) hold no slot", async () => {
    const { group, queue, next } = await dailyQueue();
    await seedQueuePost(group, { queueId: queue.id, draft: true, status: "draft" });
    await seedQueuePost(group, {
      queueId: queue.id,
      status: "processed",
      scheduledAt: new Date("2026-03-05T08:00:00Z"),
    });
    await seedQueuePost(group, { queueId: queue.id, scheduledAt: new Date("2026-03-04T08:00:00Z") });
    expect(await next()).toBe("2026-03-05T08:00:00.000Z");
  });

  it("in a paused queue a past-due post holds a future slot (it takes one on resume)", async () => {
    const { group, queue, next } = await dailyQueue();
    await seedQueuePost(group, { queueId: queue.id, scheduledAt: new Date("2026-03-04T08:00:00Z") });
    await db.postQueue.update({ where: { id: queue.id }, data: { enabled: false } });
    expect(await next()).toBe("2026-03-06T08:00:00.000Z");
  });
});
