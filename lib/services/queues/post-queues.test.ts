import { afterAll, describe, expect, it } from "vitest";
import * as queueRoute from "@/app/api/post_queues/[id]/route";
import * as nextSlotRoute from "@/app/api/post_queues/[id]/next_slot/route";
import * as queuesRoute from "@/app/api/post_queues/route";
import { serializePostQueue } from "@/lib/api/serializers/post-queue";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { callRoute } from "@/lib/testing/call-route";
import { principalFor, seedAccount, seedGroup, seedKey } from "@/lib/testing/seed";
import {
  createPostQueue,
  deletePostQueue,
  getNextSlot,
  getPostQueueOrThrow,
  listPostQueues,
  updatePostQueue,
} from "./post-queues";

afterAll(() => db.$disconnect());

// Queue CRUD through the services, and every 422 of the request bodies through the route handlers
// in-process (the bodies are parsed there). Rearrangement has its own file (rearrange.test.ts).

const tenant = async () => {
  const account = await seedAccount();
  const group = await seedGroup({ accountId: account.id });
  const { token } = await seedKey({ accountId: account.id });
  return { account, group, token, principal: principalFor({ accountId: account.id }) };
};

const slot = (day: number, time: string) => ({ day, time });
const create = (token: string, body: unknown) => callRoute(queuesRoute.POST, { path: "/api/post_queues", token, body });
const patch = (token: string, id: string, body: unknown) =>
  callRoute(queueRoute.PATCH, { path: `/api/post_queues/${id}`, token, body, params: { id } });

const seedPost = (
  group: { id: string; accountId: string; environment: "live" | "sandbox" },
  over: Record<string, unknown> = {},
) =>
  db.post.create({
    data: {
      id: newId("post"),
      accountId: group.accountId,
      environment: group.environment,
      profileGroupId: group.id,
      body: "hello",
      status: "scheduled",
      ...over,
    },
  });

describe("post queues: create and read", () => {
  it("creates with defaults and answers the spec's shape, timeslots sorted by day then time, duplicates collapsed", async () => {
    const { group, token } = await tenant();
    const res = await create(token, {
      profile_group_id: group.id,
      post_queue: {
        name: "  Weekdays ",
        queue_timeslots_attributes: [slot(3, "17:00"), slot(1, "09:30"), slot(3, "08:05"), slot(1, "09:30")],
      },
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
      timeslots: [
        { id: expect.any(Number), day: 1, time: "09:30" },
        { id: expect.any(Number), day: 3, time: "08:05" },
        { id: expect.any(Number), day: 3, time: "17:00" },
      ],
      posts_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it("accepts the bare queue fields, canonicalises the timezone, keeps description, jitter and enabled", async () => {
    const { group, token } = await tenant();
    const res = await create(token, {
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

  it("posts_count counts the waiting root posts only (not drafts, thread children, published or other queues' posts)", async () => {
    const { group, principal } = await tenant();
    const queue = await createPostQueue({
      principal,
      input: {
        profile_group_id: group.id,
        post_queue: { name: "Q", timezone: "UTC", jitter: 0, enabled: true, queue_timeslots_attributes: [] },
      },
    });
    const root = await seedPost(group, { queueId: queue.id });
    await seedPost(group, { queueId: queue.id, status: "pending" });
    await seedPost(group, { queueId: queue.id, draft: true, status: "draft" });
    await seedPost(group, { queueId: queue.id, status: "processed" });
    await seedPost(group, { queueId: queue.id, parentId: root.id, position: 1 });
    await seedPost(group);
    expect(serializePostQueue(await getPostQueueOrThrow({ principal, id: queue.id })).posts_count).toBe(2);
  });

  it("lists oldest first, filtered by profile_group_id", async () => {
    const { account, group, principal } = await tenant();
    const other = await seedGroup({ accountId: account.id });
    const input = (groupId: string, name: string) => ({
      profile_group_id: groupId,
      post_queue: { name, timezone: "UTC", jitter: 0, enabled: true, queue_timeslots_attributes: [] },
    });
    const a = await createPostQueue({ principal, input: input(group.id, "A") });
    const b = await createPostQueue({ principal, input: input(other.id, "B") });
    expect((await listPostQueues({ principal })).map((q) => q.id)).toEqual([a.id, b.id]);
    expect((await listPostQueues({ principal, profileGroupId: other.id })).map((q) => q.id)).toEqual([b.id]);
    expect(await listPostQueues({ principal, profileGroupId: "grp_unknown" })).toEqual([]);
  });
});

describe("post queues: validation (422 naming the field)", () => {
  const cases: [string, (groupId: string) => unknown, string][] = [
    ["name missing", (g) => ({ profile_group_id: g, post_queue: {} }), "post_queue.name is required"],
    [
      "name blank",
      (g) => ({ profile_group_id: g, post_queue: { name: "  " } }),
      "post_queue.name: Name can't be blank",
    ],
    [
      "name too long",
      (g) => ({ profile_group_id: g, post_queue: { name: "x".repeat(101) } }),
      "post_queue.name: Name is too long (maximum is 100 characters)",
    ],
    [
      "name not a string",
      (g) => ({ profile_group_id: g, post_queue: { name: 5 } }),
      "post_queue.name: Name must be a string",
    ],
    [
      "description too long",
      (g) => ({ profile_group_id: g, post_queue: { name: "Q", description: "x".repeat(501) } }),
      "post_queue.description: Description is too long (maximum is 500 characters)",
    ],
    [
      "unknown timezone",
      (g) => ({ profile_group_id: g, post_queue: { name: "Q", timezone: "Mars/Olympus" } }),
      "post_queue.timezone: Timezone must be an IANA time zone name such as Europe/Berlin",
    ],
    [
      "offset instead of a zone",
      (g) => ({ profile_group_id: g, post_queue: { name: "Q", timezone: "+01:00" } }),
      "post_queue.timezone: Timezone must be an IANA time zone name such as Europe/Berlin",
    ],
    [
      "jitter below 0",
      (g) => ({ profile_group_id: g, post_queue: { name: "Q", jitter: -1 } }),
      "post_queue.jitter: Jitter must be a whole number of minutes from 0 to 60",
    ],
    [
      "jitter above 60",
      (g) => ({ profile_group_id: g, post_queue: { name: "Q", jitter: 61 } }),
      "post_queue.jitter: Jitter must be a whole number of minutes from 0 to 60",
    ],
    [
      "jitter fractional",
      (g) => ({ profile_group_id: g, post_queue: { name: "Q", jitter: 1.5 } }),
      "post_queue.jitter: Jitter must be a whole number of minutes from 0 to 60",
    ],
    [
      "jitter a string",
      (g) => ({ profile_group_id: g, post_queue: { name: "Q", jitter: "5" } }),
      "post_queue.jitter: Jitter must be a whole number of minutes from 0 to 60",
    ],
    [
      "enabled not boolean",
      (g) => ({ profile_group_id: g, post_queue: { name: "Q", enabled: "yes" } }),
      "post_queue.enabled: Enabled must be true or false",
    ],
    [
      "day 7",
      (g) => ({
        profile_group_id: g,
        post_queue: { name: "Q", queue_timeslots_attributes: [slot(1, "09:00"), slot(7, "09:00")] },
      }),
      "post_queue.queue_timeslots_attributes.1.day: Day must be an integer from 0 (Sunday) to 6 (Saturday)",
    ],
    [
      "day -1",
      (g) => ({ profile_group_id: g, post_queue: { name: "Q", queue_timeslots_attributes: [slot(-1, "09:00")] } }),
      "post_queue.queue_timeslots_attributes.0.day: Day must be an integer from 0 (Sunday) to 6 (Saturday)",
    ],
    [
      "day missing",
      (g) => ({ profile_group_id: g, post_queue: { name: "Q", queue_timeslots_attributes: [{ time: "09:00" }] } }),
      "post_queue.queue_timeslots_attributes.0.day is required",
    ],
    [
      "time 9:00",
      (g) => ({
        profile_group_id: g,
        post_queue: { name: "Q", queue_timeslots_attributes: [slot(1, "09:00"), slot(2, "9:00")] },
      }),
      "post_queue.queue_timeslots_attributes.1.time: Time must be HH:MM (24-hour)",
    ],
    [
      "time 24:00",
      (g) => ({ profile_group_id: g, post_queue: { name: "Q", queue_timeslots_attributes: [slot(2, "24:00")] } }),
      "post_queue.queue_timeslots_attributes.0.time: Time must be HH:MM (24-hour)",
    ],
    [
      "time 12:60",
      (g) => ({ profile_group_id: g, post_queue: { name: "Q", queue_timeslots_attributes: [slot(2, "12:60")] } }),
      "post_queue.queue_timeslots_attributes.0.time: Time must be HH:MM (24-hour)",
    ],
    [
      "time missing",
      (g) => ({ profile_group_id: g, post_queue: { name: "Q", queue_timeslots_attributes: [{ day: 2 }] } }),
      "post_queue.queue_timeslots_attributes.0.time is required",
    ],
    [
      "timeslots not an array",
      (g) => ({ profile_group_id: g, post_queue: { name: "Q", queue_timeslots_attributes: "mon" } }),
      "post_queue.queue_timeslots_attributes: queue_timeslots_attributes must be an array of timeslots",
    ],
    [
      "more than 672 timeslots",
      (g) => ({
        profile_group_id: g,
        post_queue: {
          name: "Q",
          queue_timeslots_attributes: Array.from({ length: 673 }, (_, i) => slot(i % 7, "09:00")),
        },
      }),
      "post_queue.queue_timeslots_attributes: A queue has at most 672 timeslots",
    ],
    ["profile_group_id missing", () => ({ post_queue: { name: "Q" } }), "profile_group_id is required"],
    [
      "profile_group_id unknown",
      () => ({ profile_group_id: "grp_1111111111111111", post_queue: { name: "Q" } }),
      "profile_group_id: Profile group not found",
    ],
  ];

  it.each(cases)("create: %s", async (_name, body, message) => {
    const { group, token } = await tenant();
    const res = await create(token, body(group.id));
    expect(res.status).toBe(422);
    expect(res.json.errors).toContain(message);
    expect(res.json.error).toContain(message);
  });

  it("create: jitter 0 and 60, days 0 and 6, times 00:00 and 23:59 are accepted", async () => {
    const { group, token } = await tenant();
    for (const jitter of [0, 60]) {
      const res = await create(token, {
        profile_group_id: group.id,
        post_queue: { name: "Q", jitter, queue_timeslots_attributes: [slot(0, "00:00"), slot(6, "23:59")] },
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        jitter,
        timeslots: [
          { day: 0, time: "00:00" },
          { day: 6, time: "23:59" },
        ],
      });
    }
  });

  it("create in a group of another account or environment is refused like a missing group", async () => {
    const { account, token } = await tenant();
    const sandboxGroup = await seedGroup({ accountId: account.id, environment: "sandbox" });
    const strangerGroup = await seedGroup({ accountId: (await seedAccount()).id });
    for (const groupId of [sandboxGroup.id, strangerGroup.id]) {
      const res = await create(token, { profile_group_id: groupId, post_queue: { name: "Q" } });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual(["profile_group_id: Profile group not found"]);
    }
  });

  it("update: every field is validated; slot removals need an id of this queue; slots are not edited in place", async () => {
    const { group, token } = await tenant();
    const queue = (
      await create(token, {
        profile_group_id: group.id,
        post_queue: { name: "Q", queue_timeslots_attributes: [slot(1, "09:00")] },
      })
    ).json as { id: string; timeslots: { id: number }[] };
    const other = (
      await create(token, {
        profile_group_id: group.id,
        post_queue: { name: "O", queue_timeslots_attributes: [slot(2, "09:00")] },
      })
    ).json as { timeslots: { id: number }[] };
    const updates: [unknown, string][] = [
      [{ post_queue: { name: "" } }, "post_queue.name: Name can't be blank"],
      [
        { post_queue: { timezone: "Nowhere/City" } },
        "post_queue.timezone: Timezone must be an IANA time zone name such as Europe/Berlin",
      ],
      [{ post_queue: { jitter: 90 } }, "post_queue.jitter: Jitter must be a whole number of minutes from 0 to 60"],
      [{ post_queue: { enabled: 1 } }, "post_queue.enabled: Enabled must be true or false"],
      [
        { post_queue: { queue_timeslots_attributes: [slot(2, "10:00"), { _destroy: true }] } },
        "post_queue.queue_timeslots_attributes.1.id: Id is required to remove a timeslot",
      ],
      [
        { post_queue: { queue_timeslots_attributes: [{ id: queue.timeslots[0]!.id, day: 2, time: "10:00" }] } },
        "post_queue.queue_timeslots_attributes.0.id: A timeslot can't be changed in place: remove it with {id, _destroy: true} and add the new one",
      ],
      [
        { post_queue: { queue_timeslots_attributes: [{ day: 9, time: "10:00" }] } },
        "post_queue.queue_timeslots_attributes.0.day: Day must be an integer from 0 (Sunday) to 6 (Saturday)",
      ],
      [
        { post_queue: { queue_timeslots_attributes: [{ day: 1, time: "7pm" }] } },
        "post_queue.queue_timeslots_attributes.0.time: Time must be HH:MM (24-hour)",
      ],
      [
        { post_queue: { queue_timeslots_attributes: [{ id: 2147483000, _destroy: true }] } },
        "post_queue.queue_timeslots_attributes.0.id: Timeslot 2147483000 not found in this queue",
      ],
      [
        {
          post_queue: { queue_timeslots_attributes: [slot(3, "10:00"), { id: other.timeslots[0]!.id, _destroy: "1" }] },
        },
        `post_queue.queue_timeslots_attributes.1.id: Timeslot ${other.timeslots[0]!.id} not found in this queue`,
      ],
    ];
    for (const [body, message] of updates) {
      const res = await patch(token, queue.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.errors).toContain(message);
    }
    // Nothing of the refused requests was kept (the 3 10:00 slot came with a refused removal).
    const after = await callRoute(queueRoute.GET, {
      path: `/api/post_queues/${queue.id}`,
      token,
      params: { id: queue.id },
    });
    expect(after.json).toMatchObject({
      name: "Q",
      timezone: "UTC",
      jitter: 0,
      enabled: true,
      timeslots: [{ day: 1, time: "09:00" }],
    });
  });

  it("update: more than 672 slots in all is refused", async () => {
    const { group, principal, token } = await tenant();
    const all = Array.from({ length: 672 }, (_, i) =>
      slot(
        i % 7,
        `${String(Math.floor(i / 7 / 4)).padStart(2, "0")}:${String((((i / 7) % 4) | 0) * 15).padStart(2, "0")}`,
      ),
    );
    const queue = await createPostQueue({
      principal,
      input: {
        profile_group_id: group.id,
        post_queue: { name: "Full", timezone: "UTC", jitter: 0, enabled: true, queue_timeslots_attributes: all },
      },
    });
    expect(queue.timeslots).toHaveLength(672);
    const res = await patch(token, queue.id, { post_queue: { queue_timeslots_attributes: [slot(0, "00:01")] } });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual(["post_queue.queue_timeslots_attributes: A queue has at most 672 timeslots"]);
    // re-adding an existing slot is not a new one
    expect(
      (await patch(token, queue.id, { post_queue: { queue_timeslots_attributes: [slot(0, "00:00")] } })).status,
    ).toBe(200);
  });
});

describe("post queues: update and delete", () => {
  it("adds (duplicates ignored) and removes timeslots in one request, updates the other fields", async () => {
    const { group, principal, token } = await tenant();
    const queue = await createPostQueue({
      principal,
      input: {
        profile_group_id: group.id,
        post_queue: {
          name: "Q",
          timezone: "UTC",
          jitter: 0,
          enabled: true,
          queue_timeslots_attributes: [slot(1, "09:00"), slot(2, "09:00")],
        },
      },
    });
    const [mon, tue] = queue.timeslots;
    const res = await patch(token, queue.id, {
      post_queue: {
        name: "Renamed",
        description: "About",
        timezone: "Asia/Tokyo",
        jitter: 5,
        enabled: false,
        queue_timeslots_attributes: [
          slot(1, "09:00"),
          { id: tue!.id, _destroy: true },
          slot(5, "18:00"),
          slot(5, "18:00"),
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: "Renamed",
      description: "About",
      timezone: "Asia/Tokyo",
      jitter: 5,
      enabled: false,
    });
    expect(res.json.timeslots).toEqual([
      { id: mon!.id, day: 1, time: "09:00" },
      { id: expect.any(Number), day: 5, time: "18:00" },
    ]);
    // a removed slot can come back in the same request
    const again = await updatePostQueue({
      principal,
      id: queue.id,
      input: { post_queue: { queue_timeslots_attributes: [{ id: mon!.id, _destroy: true }, slot(1, "09:00")] } },
    });
    expect(again.timeslots.map((s) => [s.day, s.time])).toEqual([
      [1, "09:00"],
      [5, "18:00"],
    ]);
    // description can be cleared
    expect(
      (await updatePostQueue({ principal, id: queue.id, input: { post_queue: { description: null } } })).description,
    ).toBeNull();
  });

  it("delete answers {deleted: true}; the posts stay with their scheduled_at and lose the queue", async () => {
    const { group, principal } = await tenant();
    const queue = await createPostQueue({
      principal,
      input: {
        profile_group_id: group.id,
        post_queue: {
          name: "Q",
          timezone: "UTC",
          jitter: 0,
          enabled: true,
          queue_timeslots_attributes: [slot(1, "09:00")],
        },
      },
    });
    const at = new Date("2030-01-07T09:00:00Z");
    const post = await seedPost(group, { queueId: queue.id, queuePriority: "high", scheduledAt: at });
    const unslotted = await seedPost(group, { queueId: queue.id, queuePriority: "low", scheduledAt: null });
    expect(await deletePostQueue({ principal, id: queue.id })).toEqual({ deleted: true });
    const kept = await db.post.findUniqueOrThrow({ where: { id: post.id } });
    expect(kept).toMatchObject({ queueId: null, scheduledAt: at, status: "scheduled" });
    // a post that had no slot must not go out at once: it becomes a draft
    expect(await db.post.findUniqueOrThrow({ where: { id: unslotted.id } })).toMatchObject({
      queueId: null,
      scheduledAt: null,
      draft: true,
      status: "draft",
    });
    expect(await db.queueTimeslot.count({ where: { queueId: queue.id } })).toBe(0);
    await expect(getPostQueueOrThrow({ principal, id: queue.id })).rejects.toMatchObject({ status: 404 });
    await expect(deletePostQueue({ principal, id: queue.id })).rejects.toMatchObject({ status: 404 });
  });
});

describe("post queues: tenancy", () => {
  it("another account, the other environment and another group's scoped key get 404; lists leave the queue out", async () => {
    const { account, group, principal } = await tenant();
    const otherGroup = await seedGroup({ accountId: account.id });
    const queue = await createPostQueue({
      principal,
      input: {
        profile_group_id: group.id,
        post_queue: {
          name: "Q",
          timezone: "UTC",
          jitter: 0,
          enabled: true,
          queue_timeslots_attributes: [slot(1, "09:00")],
        },
      },
    });
    const outsiders = [
      principalFor({ accountId: (await seedAccount()).id }),
      principalFor({ accountId: account.id, environment: "sandbox" }),
      principalFor({ accountId: account.id, kind: "scoped_key", profileGroupId: otherGroup.id }),
    ];
    for (const p of outsiders) {
      expect((await listPostQueues({ principal: p })).map((q) => q.id)).not.toContain(queue.id);
      expect(await listPostQueues({ principal: p, profileGroupId: group.id })).toEqual([]);
      await expect(getPostQueueOrThrow({ principal: p, id: queue.id })).rejects.toMatchObject({ status: 404 });
      await expect(
        updatePostQueue({ principal: p, id: queue.id, input: { post_queue: { name: "x" } } }),
      ).rejects.toMatchObject({ status: 404 });
      await expect(getNextSlot({ principal: p, id: queue.id })).rejects.toMatchObject({ status: 404 });
      await expect(deletePostQueue({ principal: p, id: queue.id })).rejects.toMatchObject({ status: 404 });
    }
    expect((await getPostQueueOrThrow({ principal, id: queue.id })).name).toBe("Q");
  });

  it("a scoped key sees and creates queues in its own group only; without profile_group_id it uses its group", async () => {
    const { account, group, principal } = await tenant();
    const otherGroup = await seedGroup({ accountId: account.id });
    const scoped = principalFor({ accountId: account.id, kind: "scoped_key", profileGroupId: group.id });
    const base = { timezone: "UTC", jitter: 0, enabled: true, queue_timeslots_attributes: [] };
    const mine = await createPostQueue({ principal: scoped, input: { post_queue: { name: "Mine", ...base } } });
    expect(mine.profileGroupId).toBe(group.id);
    await createPostQueue({
      principal,
      input: { profile_group_id: otherGroup.id, post_queue: { name: "Theirs", ...base } },
    });
    await expect(
      createPostQueue({
        principal: scoped,
        input: { profile_group_id: otherGroup.id, post_queue: { name: "X", ...base } },
      }),
    ).rejects.toMatchObject({
      status: 422,
      details: { errors: ["profile_group_id: Profile group not found"] },
    });
    expect((await listPostQueues({ principal: scoped })).map((q) => q.name)).toEqual(["Mine"]);
  });

  it("malformed ids and unknown ids answer 404 through the routes", async () => {
    const { token } = await tenant();
    for (const id of ["nope", "que_1111111111111111"]) {
      expect((await callRoute(queueRoute.GET, { path: `/api/post_queues/${id}`, token, params: { id } })).json).toEqual(
        { error: "Not found" },
      );
      expect(
        (await callRoute(nextSlotRoute.GET, { path: `/api/post_queues/${id}/next_slot`, token, params: { id } }))
          .status,
      ).toBe(404);
    }
  });
});

describe("next_slot", () => {
  const now = new Date("2026-03-04T12:00:00Z"); // a Wednesday
  const daily9 = [0, 1, 2, 3, 4, 5, 6].map((d) => slot(d, "09:00"));

  it("422 with `error` (and `errors`) when the queue has no timeslots", async () => {
    const { group, principal, token } = await tenant();
    const queue = await createPostQueue({
      principal,
      input: {
        profile_group_id: group.id,
        post_queue: { name: "Q", timezone: "UTC", jitter: 0, enabled: true, queue_timeslots_attributes: [] },
      },
    });
    const res = await callRoute(nextSlotRoute.GET, {
      path: `/api/post_queues/${queue.id}/next_slot`,
      token,
      params: { id: queue.id },
    });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ error: "Queue has no timeslots", errors: ["Queue has no timeslots"] });
  });

  it("is the first future slot no waiting post holds, in the queue's timezone", async () => {
    const { group, principal } = await tenant();
    const queue = await createPostQueue({
      principal,
      input: {
        profile_group_id: group.id,
        post_queue: {
          name: "Q",
          timezone: "Europe/Berlin",
          jitter: 0,
          enabled: true,
          queue_timeslots_attributes: daily9,
        },
      },
    });
    expect((await getNextSlot({ principal, id: queue.id, now })).toISOString()).toBe("2026-03-05T08:00:00.000Z");
    // two waiting posts hold Thursday and Friday; a draft, a published post and a past-due one (about to publish) hold nothing
    await seedPost(group, { queueId: queue.id, scheduledAt: new Date("2026-03-05T08:00:00Z") });
    await seedPost(group, { queueId: queue.id, scheduledAt: new Date("2026-03-06T08:00:00Z"), status: "pending" });
    await seedPost(group, { queueId: queue.id, draft: true, status: "draft" });
    await seedPost(group, { queueId: queue.id, status: "processed", scheduledAt: new Date("2026-03-10T08:00:00Z") });
    await seedPost(group, { queueId: queue.id, scheduledAt: new Date("2026-03-04T08:00:00Z") });
    expect((await getNextSlot({ principal, id: queue.id, now })).toISOString()).toBe("2026-03-07T08:00:00.000Z");
    // in a paused queue the past-due post will take a future slot on resume, so it holds one
    await db.postQueue.update({ where: { id: queue.id }, data: { enabled: false } });
    expect((await getNextSlot({ principal, id: queue.id, now })).toISOString()).toBe("2026-03-08T08:00:00.000Z");
  });
});
