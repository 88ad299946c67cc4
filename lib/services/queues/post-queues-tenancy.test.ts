import { afterAll, describe, expect, it } from "vitest";
import * as nextSlotRoute from "@/app/api/post_queues/[id]/next_slot/route";
import type { Principal } from "@/lib/principal";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { getQueueRequest, newQueue, queueTenant, slot } from "@/testing/queues";
import { principalFor, seedAccount, seedGroup } from "@/testing/seed";
import {
  createPostQueue,
  deletePostQueue,
  getNextSlot,
  getPostQueueOrThrow,
  listPostQueues,
  updatePostQueue,
} from "./post-queues";

afterAll(() => db.$disconnect());

// Post queues are scoped to the caller's account, environment and (scoped keys) profile group: another
// tenant's queue answers exactly like a missing one.

const outsiders: [string, (accountId: string, otherGroupId: string) => Promise<Principal>][] = [
  ["another account", async () => principalFor({ accountId: (await seedAccount()).id })],
  ["the other environment", async (accountId) => principalFor({ accountId, environment: "sandbox" })],
  [
    "a key scoped to another group",
    async (accountId, otherGroupId) => principalFor({ accountId, kind: "scoped_key", profileGroupId: otherGroupId }),
  ],
];

const queueAndOutsider = async (outsider: (accountId: string, otherGroupId: string) => Promise<Principal>) => {
  const { account, group, principal } = await queueTenant();
  const otherGroup = await seedGroup({ accountId: account.id });
  const queue = await newQueue(principal, group.id, { timeslots: [slot(1, "09:00")] });
  return { principal, group, queue, stranger: await outsider(account.id, otherGroup.id) };
};

describe("post queue tenancy", () => {
  it.each(outsiders)("%s does not list the queue", async (_name, outsider) => {
    const { group, queue, stranger } = await queueAndOutsider(outsider);
    expect((await listPostQueues({ principal: stranger })).map((q) => q.id)).not.toContain(queue.id);
    expect(await listPostQueues({ principal: stranger, profileGroupId: group.id })).toEqual([]);
  });

  it.each(outsiders)(
    "%s gets 404 reading, updating, asking next_slot of or deleting the queue",
    async (_name, outsider) => {
      const { principal, queue, stranger } = await queueAndOutsider(outsider);
      await expect(getPostQueueOrThrow({ principal: stranger, id: queue.id })).rejects.toMatchObject({ status: 404 });
      await expect(
        updatePostQueue({ principal: stranger, id: queue.id, input: { post_queue: { name: "x" } } }),
      ).rejects.toMatchObject({ status: 404 });
      await expect(getNextSlot({ principal: stranger, id: queue.id })).rejects.toMatchObject({ status: 404 });
      await expect(deletePostQueue({ principal: stranger, id: queue.id })).rejects.toMatchObject({ status: 404 });
      expect((await getPostQueueOrThrow({ principal, id: queue.id })).name).toBe("Q");
    },
  );

  it("a scoped key creating without profile_group_id creates in its own group", async () => {
    const { account, group } = await queueTenant();
    const scoped = principalFor({ accountId: account.id, kind: "scoped_key", profileGroupId: group.id });
    const base = { timezone: "UTC", jitter: 0, enabled: true, queue_timeslots_attributes: [] };
    const mine = await createPostQueue({ principal: scoped, input: { post_queue: { name: "Mine", ...base } } });
    expect(mine.profileGroupId).toBe(group.id);
  });

  it("a scoped key cannot create in another group: 422 as for a missing group", async () => {
    const { account, group } = await queueTenant();
    const otherGroup = await seedGroup({ accountId: account.id });
    const scoped = principalFor({ accountId: account.id, kind: "scoped_key", profileGroupId: group.id });
    const base = { timezone: "UTC", jitter: 0, enabled: true, queue_timeslots_attributes: [] };
    await expect(
      createPostQueue({
        principal: scoped,
        input: { profile_group_id: otherGroup.id, post_queue: { name: "X", ...base } },
      }),
    ).rejects.toMatchObject({
      status: 422,
      details: { errors: ["profile_group_id: Profile group not found"] },
    });
  });

  it("a scoped key lists its own group's queues only", async () => {
    const { account, group, principal } = await queueTenant();
    const otherGroup = await seedGroup({ accountId: account.id });
    await newQueue(principal, group.id, { name: "Mine" });
    await newQueue(principal, otherGroup.id, { name: "Theirs" });
    const scoped = principalFor({ accountId: account.id, kind: "scoped_key", profileGroupId: group.id });
    expect((await listPostQueues({ principal: scoped })).map((q) => q.name)).toEqual(["Mine"]);
  });

  it.each(["nope", "que_1111111111111111"])("id %s answers 404 on the queue and its next_slot", async (id) => {
    const { token } = await queueTenant();
    expect((await getQueueRequest(token, id)).json).toEqual({ error: "Not found" });
    const nextSlot = await callRoute(nextSlotRoute.GET, {
      path: `/api/post_queues/${id}/next_slot`,
      token,
      params: { id },
    });
    expect(nextSlot.status).toBe(404);
  });
});
