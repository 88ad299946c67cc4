import { expect, test, type APIRequestContext } from "@playwright/test";
import { nextSlots, wallClock } from "@/lib/queues/slots";
import { readPosts, seedQueuedPosts } from "../support/queued-posts";
import { auth, createTenant, type Tenant } from "../support/tenant";

// Posting queues over HTTP: CRUD, validation, next_slot, tenancy, idempotency, and rearrangement of
// posts seeded into the queue (e2e/support/queued-posts.ts).

let a: Tenant;
let b: Tenant;
let groupId = "";

type Queue = {
  id: string;
  name: string;
  timezone: string;
  enabled: boolean;
  jitter: number;
  profile_group_id: string;
  timeslots: { id: number; day: number; time: string }[];
  posts_count: number;
};

test.beforeAll(async ({ request }) => {
  a = createTenant();
  b = createTenant();
  groupId = (
    await (await request.post("/api/profile_groups", { headers: auth(a.live), data: { name: "Queue tests" } })).json()
  ).id;
});

const createQueue = (request: APIRequestContext, data: Record<string, unknown>, token = a.live) =>
  request.post("/api/post_queues", { headers: auth(token), data });
const patchQueue = (request: APIRequestContext, id: string, postQueue: Record<string, unknown>, token = a.live) =>
  request.patch(`/api/post_queues/${id}`, { headers: auth(token), data: { post_queue: postQueue } });
const getQueue = async (request: APIRequestContext, id: string): Promise<Queue> =>
  (await request.get(`/api/post_queues/${id}`, { headers: auth(a.live) })).json();

test.describe("post queues API", () => {
  test("create, get, list by group, update slots, next_slot, delete", async ({ request }) => {
    const res = await createQueue(request, {
      profile_group_id: groupId,
      post_queue: {
        name: "Weekdays",
        description: "Mornings",
        timezone: "Europe/Berlin",
        jitter: 5,
        queue_timeslots_attributes: [
          { day: 3, time: "09:00" },
          { day: 1, time: "09:00" },
          { day: 1, time: "09:00" },
        ],
      },
    });
    expect(res.status()).toBe(201);
    const queue = await res.json();
    expect(queue).toEqual({
      id: expect.stringMatching(/^que_/),
      name: "Weekdays",
      description: "Mornings",
      timezone: "Europe/Berlin",
      enabled: true,
      jitter: 5,
      profile_group_id: groupId,
      timeslots: [
        { id: expect.any(Number), day: 1, time: "09:00" },
        { id: expect.any(Number), day: 3, time: "09:00" },
      ],
      posts_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await getQueue(request, queue.id)).toEqual(queue);

    const other = await (
      await request.post("/api/profile_groups", { headers: auth(a.live), data: { name: "Other" } })
    ).json();
    const list = await (
      await request.get(`/api/post_queues?profile_group_id=${groupId}`, { headers: auth(a.live) })
    ).json();
    expect(list.data.map((q: Queue) => q.id)).toContain(queue.id);
    expect(
      (await (await request.get(`/api/post_queues?profile_group_id=${other.id}`, { headers: auth(a.live) })).json())
        .data,
    ).toEqual([]);

    const patched = await patchQueue(request, queue.id, {
      queue_timeslots_attributes: [
        { id: queue.timeslots[0].id, _destroy: true },
        { day: 5, time: "14:30" },
        { day: 3, time: "09:00" },
      ],
    });
    expect(patched.status()).toBe(200);
    expect((await patched.json()).timeslots).toEqual([
      { id: queue.timeslots[1].id, day: 3, time: "09:00" },
      { id: expect.any(Number), day: 5, time: "14:30" },
    ]);

    const next = await request.get(`/api/post_queues/${queue.id}/next_slot`, { headers: auth(a.live) });
    expect(next.status()).toBe(200);
    const { next_slot } = await next.json();
    const expected = nextSlots({
      timeslots: [
        { day: 3, time: "09:00" },
        { day: 5, time: "14:30" },
      ],
      timezone: "Europe/Berlin",
      after: new Date(Date.now() - 60_000),
      count: 2,
    });
    expect(expected.map((d) => d.toISOString())).toContain(next_slot);

    const del = await request.delete(`/api/post_queues/${queue.id}`, { headers: auth(a.live) });
    expect(await del.json()).toEqual({ deleted: true });
    expect((await request.get(`/api/post_queues/${queue.id}`, { headers: auth(a.live) })).status()).toBe(404);
  });

  test("validation answers 422 naming the field; next_slot without timeslots is 422 with `error`", async ({
    request,
  }) => {
    const cases: [Record<string, unknown>, string][] = [
      [{ profile_group_id: groupId, post_queue: {} }, "post_queue.name is required"],
      [
        { profile_group_id: groupId, post_queue: { name: "Q", timezone: "Mars/Base" } },
        "post_queue.timezone: Timezone must be an IANA time zone name such as Europe/Berlin",
      ],
      [
        { profile_group_id: groupId, post_queue: { name: "Q", jitter: 61 } },
        "post_queue.jitter: Jitter must be a whole number of minutes from 0 to 60",
      ],
      [
        {
          profile_group_id: groupId,
          post_queue: {
            name: "Q",
            queue_timeslots_attributes: [
              { day: 1, time: "09:00" },
              { day: 7, time: "09:00" },
            ],
          },
        },
        "post_queue.queue_timeslots_attributes.1.day: Day must be an integer from 0 (Sunday) to 6 (Saturday)",
      ],
      [
        {
          profile_group_id: groupId,
          post_queue: {
            name: "Q",
            queue_timeslots_attributes: [
              { day: 1, time: "09:00" },
              { day: 1, time: "25:00" },
            ],
          },
        },
        "post_queue.queue_timeslots_attributes.1.time: Time must be HH:MM (24-hour)",
      ],
      [{ post_queue: { name: "Q" } }, "profile_group_id is required"],
      [
        { profile_group_id: "grp_1111111111111111", post_queue: { name: "Q" } },
        "profile_group_id: Profile group not found",
      ],
    ];
    for (const [data, message] of cases) {
      const res = await createQueue(request, data);
      expect(res.status(), JSON.stringify(data)).toBe(422);
      const body = await res.json();
      expect(body.errors).toContain(message);
      expect(body.error).toContain(message);
    }

    const empty = await (
      await createQueue(request, { profile_group_id: groupId, post_queue: { name: "Empty" } })
    ).json();
    expect(empty).toMatchObject({ timezone: "UTC", jitter: 0, enabled: true, timeslots: [] });
    const next = await request.get(`/api/post_queues/${empty.id}/next_slot`, { headers: auth(a.live) });
    expect(next.status()).toBe(422);
    expect(await next.json()).toEqual({ error: "Queue has no timeslots", errors: ["Queue has no timeslots"] });

    const bad = await patchQueue(request, empty.id, { queue_timeslots_attributes: [{ id: 999999, _destroy: true }] });
    expect(bad.status()).toBe(422);
    expect((await bad.json()).errors).toEqual([
      "post_queue.queue_timeslots_attributes.0.id: Timeslot 999999 not found in this queue",
    ]);
  });

  test("another account, the sandbox and another group's scoped key get 404", async ({ request }) => {
    const queue = await (
      await createQueue(request, {
        profile_group_id: groupId,
        post_queue: { name: "Private", queue_timeslots_attributes: [{ day: 2, time: "08:00" }] },
      })
    ).json();
    const otherGroup = await (
      await request.post("/api/profile_groups", { headers: auth(a.live), data: { name: "Elsewhere" } })
    ).json();
    const scopedOther = (
      await (
        await request.post("/api/api_keys", { headers: auth(a.live), data: { profile_group_id: otherGroup.id } })
      ).json()
    ).token;
    const scopedOwn = (
      await (await request.post("/api/api_keys", { headers: auth(a.live), data: { profile_group_id: groupId } })).json()
    ).token;

    for (const token of [b.live, a.sandbox, scopedOther]) {
      expect((await request.get(`/api/post_queues/${queue.id}`, { headers: auth(token) })).status()).toBe(404);
      expect(await (await request.get(`/api/post_queues/${queue.id}`, { headers: auth(token) })).json()).toEqual({
        error: "Not found",
      });
      expect((await patchQueue(request, queue.id, { name: "x" }, token)).status()).toBe(404);
      expect((await request.get(`/api/post_queues/${queue.id}/next_slot`, { headers: auth(token) })).status()).toBe(
        404,
      );
      expect((await request.delete(`/api/post_queues/${queue.id}`, { headers: auth(token) })).status()).toBe(404);
      const list = (await (await request.get("/api/post_queues", { headers: auth(token) })).json()).data;
      expect(list.map((q: Queue) => q.id)).not.toContain(queue.id);
    }
    // the group's own scoped key sees it, and creates in its group without naming it
    expect((await request.get(`/api/post_queues/${queue.id}`, { headers: auth(scopedOwn) })).status()).toBe(200);
    const own = await createQueue(request, { post_queue: { name: "Scoped" } }, scopedOwn);
    expect(own.status()).toBe(201);
    expect((await own.json()).profile_group_id).toBe(groupId);
  });

  test("a retried create with the same Idempotency-Key returns the same queue", async ({ request }) => {
    const headers = { ...auth(a.live), "Idempotency-Key": `queue-${Date.now()}` };
    const data = { profile_group_id: groupId, post_queue: { name: "Once" } };
    const first = await request.post("/api/post_queues", { headers, data });
    const second = await request.post("/api/post_queues", { headers, data });
    expect(first.status()).toBe(201);
    expect(second.status()).toBe(201);
    expect((await second.json()).id).toBe((await first.json()).id);
    expect(second.headers()["idempotent-replayed"]).toBe("true");
  });

  test("queued posts: priority order, timezone change, pause and resume, delete keeps them", async ({ request }) => {
    // Each seed or read runs a script against the database (a few seconds each).
    test.setTimeout(120_000);
    const timezone = "America/New_York";
    const queue = await (
      await createQueue(request, { profile_group_id: groupId, post_queue: { name: "Posts", timezone } })
    ).json();
    // No timeslots yet: the posts are in the queue without a time.
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const ids = seedQueuedPosts(queue.id, [
      { body: "low", priority: "low" },
      { body: "medium-old", priority: "medium" },
      { body: "high", priority: "high", scheduled_at: past },
      { body: "medium-new", priority: "medium" },
    ]);
    expect(readPosts(ids).map((p) => p.scheduled_at)).toEqual([null, null, null, null]);
    expect((await getQueue(request, queue.id)).posts_count).toBe(4);

    const slots = [
      { day: 1, time: "09:00" },
      { day: 3, time: "13:15" },
      { day: 5, time: "18:45" },
    ];
    expect((await patchQueue(request, queue.id, { queue_timeslots_attributes: slots })).status()).toBe(200);
    const byBody = () => Object.fromEntries(readPosts(ids).map((p) => [p.body, p]));
    const order = (zone: string) => {
      const posts = byBody();
      const times = ["high", "medium-old", "medium-new", "low"].map((body) => new Date(posts[body]!.scheduled_at!));
      for (const t of times) expect(slots).toContainEqual(wallClock(t, zone));
      for (let i = 1; i < times.length; i++) expect(times[i]!.getTime()).toBeGreaterThan(times[i - 1]!.getTime());
      return times;
    };
    const inNewYork = order(timezone);
    expect(inNewYork[0]!.getTime()).toBeGreaterThan(Date.now());

    // The same wall clocks, read in Tokyo.
    const tokyo = await (await patchQueue(request, queue.id, { timezone: "Asia/Tokyo" })).json();
    expect(tokyo.timezone).toBe("Asia/Tokyo");
    order("Asia/Tokyo");

    // next_slot is the slot after the four posts'.
    const { next_slot } = await (
      await request.get(`/api/post_queues/${queue.id}/next_slot`, { headers: auth(a.live) })
    ).json();
    expect(new Date(next_slot).getTime()).toBeGreaterThan(new Date(byBody()["low"]!.scheduled_at!).getTime());
    expect(slots).toContainEqual(wallClock(new Date(next_slot), "Asia/Tokyo"));

    // Pausing keeps the times; resuming rearranges (all still in future slots, same order).
    const paused = await (await patchQueue(request, queue.id, { enabled: false })).json();
    expect(paused.enabled).toBe(false);
    const before = readPosts(ids).map((p) => p.scheduled_at);
    const resumed = await (await patchQueue(request, queue.id, { enabled: true })).json();
    expect(resumed.enabled).toBe(true);
    expect(readPosts(ids).map((p) => p.scheduled_at)).toEqual(before);
    order("Asia/Tokyo");

    // Deleting the queue keeps the posts and their times.
    expect(await (await request.delete(`/api/post_queues/${queue.id}`, { headers: auth(a.live) })).json()).toEqual({
      deleted: true,
    });
    const after = readPosts(ids);
    expect(after.map((p) => p.queue_id)).toEqual([null, null, null, null]);
    expect(after.map((p) => p.scheduled_at)).toEqual(before);
  });
});
