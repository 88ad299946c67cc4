import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as postRoute from "@/app/api/posts/[id]/route";
import * as postsRoute from "@/app/api/posts/route";
import * as queueRoute from "@/app/api/post_queues/[id]/route";
import * as queuesRoute from "@/app/api/post_queues/route";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { seedSandboxTenant } from "@/testing/posts";
import { dispatchPost, findDuePosts } from "./lifecycle";

// POST /api/posts with queue_id: the queue assigns slots, higher priority first, oldest first inside a
// priority, one post per slot; removing a post or pausing the queue behaves as the spec says.

type Json = Record<string, any>;
type Tenant = Awaited<ReturnType<typeof seedSandboxTenant>>;
let t: Tenant;
beforeAll(async () => {
  t = await seedSandboxTenant(["bluesky"]);
}, 60_000);
afterAll(() => db.$disconnect());

const createQueue = async (slots: { day: number; time: string }[], timezone = "Europe/Berlin") =>
  (
    await callRoute(queuesRoute.POST, {
      path: "/api/post_queues",
      token: t.token,
      body: {
        profile_group_id: t.group.id,
        post_queue: { name: "Weekdays", timezone, queue_timeslots_attributes: slots },
      },
    })
  ).json as Json;
const queuePost = async (queueId: string, body: string, priority?: string) => {
  const res = await callRoute(postsRoute.POST, {
    path: "/api/posts",
    token: t.token,
    body: { post: { body }, profiles: ["bluesky"], queue_id: queueId, ...(priority && { queue_priority: priority }) },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as Json;
};
const scheduleOf = async (ids: string[]) =>
  Object.fromEntries(
    (await db.post.findMany({ where: { id: { in: ids } } })).map((p) => [p.body, p.scheduledAt?.toISOString() ?? null]),
  );

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, time: "09:00" }));

describe("queued posts", () => {
  it("take slots in priority order, oldest first inside a priority, one per slot, and carry queue fields", async () => {
    const queue = await createQueue(EVERY_DAY);
    const low = await queuePost(queue.id, "low", "low");
    const medium = await queuePost(queue.id, "medium");
    const high = await queuePost(queue.id, "high", "high");
    const high2 = await queuePost(queue.id, "high2", "high");
    expect(high).toMatchObject({ queue_id: queue.id, queue_priority: "high", status: "scheduled", draft: false });
    expect(medium.queue_priority).toBe("medium");
    const at = await scheduleOf([low.id, medium.id, high.id, high2.id]);
    const order = Object.entries(at)
      .sort((a, b) => a[1]!.localeCompare(b[1]!))
      .map(([body]) => body);
    expect(order).toEqual(["high", "high2", "medium", "low"]);
    expect(new Set(Object.values(at)).size).toBe(4);
    for (const iso of Object.values(at)) {
      expect(new Date(iso!).getTime()).toBeGreaterThan(Date.now());
      // 09:00 in Berlin is 07:00 or 08:00 UTC depending on DST
      expect(["07:00", "08:00"]).toContain(iso!.slice(11, 16));
    }
    const listed = (
      await callRoute(queueRoute.GET, {
        path: `/api/post_queues/${queue.id}`,
        token: t.token,
        params: { id: queue.id },
      })
    ).json;
    expect(listed.posts_count).toBe(4);

    // Removing the first post moves everyone up one slot.
    const before = await scheduleOf([high2.id, medium.id, low.id]);
    await callRoute(postRoute.DELETE, { path: `/api/posts/${high.id}`, token: t.token, params: { id: high.id } });
    const after = await scheduleOf([high2.id, medium.id, low.id]);
    expect(after.high2).toBe(at.high);
    expect(after.medium).toBe(before.high2);
    expect(after.low).toBe(before.medium);
  });

  it("a paused queue publishes nothing even when a slot is due; once resumed the post gets a future slot", async () => {
    const queue = await createQueue(EVERY_DAY);
    const post = await queuePost(queue.id, "paused");
    await callRoute(queueRoute.PATCH, {
      path: `/api/post_queues/${queue.id}`,
      token: t.token,
      params: { id: queue.id },
      body: { post_queue: { enabled: false } },
    });
    await db.post.update({ where: { id: post.id }, data: { scheduledAt: new Date(Date.now() - 60_000) } }); // its slot passed while paused
    expect((await findDuePosts()).map((p) => p.id)).not.toContain(post.id);
    expect(await dispatchPost({ postId: post.id })).toEqual({ state: "skipped" });
    await callRoute(queueRoute.PATCH, {
      path: `/api/post_queues/${queue.id}`,
      token: t.token,
      params: { id: queue.id },
      body: { post_queue: { enabled: true } },
    });
    const resumed = await db.post.findUniqueOrThrow({ where: { id: post.id } });
    expect(resumed.scheduledAt!.getTime()).toBeGreaterThan(Date.now());
    expect(resumed.status).toBe("scheduled");
  });

  it("PATCH moves a post into a queue and out of it again (queue_id: null), keeping its slot time", async () => {
    // Daily slots 12 hours from now: the post stays editable (more than 5 minutes out) whenever this runs.
    const time = new Date(Date.now() + 12 * 3600_000).toISOString().slice(11, 16);
    const queue = await createQueue(
      [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, time })),
      "UTC",
    );
    const draft = (
      await callRoute(postsRoute.POST, {
        path: "/api/posts",
        token: t.token,
        body: {
          post: { body: "later", scheduled_at: new Date(Date.now() + 30 * 86_400_000).toISOString() },
          profiles: ["bluesky"],
        },
      })
    ).json as Json;
    const queued = (
      await callRoute(postRoute.PATCH, {
        path: `/api/posts/${draft.id}`,
        token: t.token,
        params: { id: draft.id },
        body: { queue_id: queue.id, queue_priority: "high" },
      })
    ).json as Json;
    expect(queued).toMatchObject({ queue_id: queue.id, queue_priority: "high", status: "scheduled" });
    const slot = queued.scheduled_at as string;
    expect(new Date(slot).getTime()).toBeLessThan(Date.now() + 8 * 86_400_000);
    const left = (
      await callRoute(postRoute.PATCH, {
        path: `/api/posts/${draft.id}`,
        token: t.token,
        params: { id: draft.id },
        body: { queue_id: null },
      })
    ).json as Json;
    expect(left).toMatchObject({ queue_id: null, queue_priority: null, scheduled_at: slot, status: "scheduled" });
  });

  it("refuses a queue of another group and queue_id with scheduled_at", async () => {
    const other = await seedSandboxTenant(["bluesky"]);
    const foreign = (
      await callRoute(queuesRoute.POST, {
        path: "/api/post_queues",
        token: other.token,
        body: { profile_group_id: other.group.id, post_queue: { name: "Theirs" } },
      })
    ).json as Json;
    const res = await callRoute(postsRoute.POST, {
      path: "/api/posts",
      token: t.token,
      body: { post: { body: "x" }, profiles: ["bluesky"], queue_id: foreign.id },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual(["queue_id: queue not found in the post's profile group"]);
  });
});
