import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createQueueRequest, getQueueRequest, newQueue, patchQueueRequest, queueTenant, slot } from "@/testing/queues";
import { seedAccount, seedGroup } from "@/testing/seed";

afterAll(() => db.$disconnect());

// Every 422 of the post queue request bodies (lib/schemas/post-queues.ts and the service's checks),
// through the route handlers in-process (the bodies are parsed there).

describe("creating a post queue: validation", () => {
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

  it.each(cases)("%s is a 422 naming the field", async (_name, body, message) => {
    const { group, token } = await queueTenant();
    const res = await createQueueRequest(token, body(group.id));
    expect(res.status).toBe(422);
    expect(res.json.errors).toContain(message);
    expect(res.json.error).toContain(message);
  });

  it("the bounds are accepted: jitter 0 and 60, days 0 and 6, times 00:00 and 23:59", async () => {
    const { group, token } = await queueTenant();
    for (const jitter of [0, 60]) {
      const res = await createQueueRequest(token, {
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

  it("a group of another account or environment is refused like a missing group", async () => {
    const { account, token } = await queueTenant();
    const sandboxGroup = await seedGroup({ accountId: account.id, environment: "sandbox" });
    const strangerGroup = await seedGroup({ accountId: (await seedAccount()).id });
    for (const groupId of [sandboxGroup.id, strangerGroup.id]) {
      const res = await createQueueRequest(token, { profile_group_id: groupId, post_queue: { name: "Q" } });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual(["profile_group_id: Profile group not found"]);
    }
  });
});

describe("updating a post queue: validation", () => {
  // A queue with a Monday 9:00 slot, and another queue of the group with a Tuesday slot.
  const twoQueues = async () => {
    const { group, principal, token } = await queueTenant();
    const queue = await newQueue(principal, group.id, { timeslots: [slot(1, "09:00")] });
    const other = await newQueue(principal, group.id, { name: "O", timeslots: [slot(2, "09:00")] });
    return { token, queue, ownSlot: queue.timeslots[0]!.id, otherSlot: other.timeslots[0]!.id };
  };

  const updates: [
    string,
    (ids: { ownSlot: number; otherSlot: number }) => unknown,
    (ids: { otherSlot: number }) => string,
  ][] = [
    ["a blank name", () => ({ post_queue: { name: "" } }), () => "post_queue.name: Name can't be blank"],
    [
      "an unknown timezone",
      () => ({ post_queue: { timezone: "Nowhere/City" } }),
      () => "post_queue.timezone: Timezone must be an IANA time zone name such as Europe/Berlin",
    ],
    [
      "jitter above 60",
      () => ({ post_queue: { jitter: 90 } }),
      () => "post_queue.jitter: Jitter must be a whole number of minutes from 0 to 60",
    ],
    [
      "enabled not a boolean",
      () => ({ post_queue: { enabled: 1 } }),
      () => "post_queue.enabled: Enabled must be true or false",
    ],
    [
      "a removal without an id",
      () => ({ post_queue: { queue_timeslots_attributes: [slot(2, "10:00"), { _destroy: true }] } }),
      () => "post_queue.queue_timeslots_attributes.1.id: Id is required to remove a timeslot",
    ],
    [
      "a slot changed in place",
      ({ ownSlot }) => ({ post_queue: { queue_timeslots_attributes: [{ id: ownSlot, day: 2, time: "10:00" }] } }),
      () =>
        "post_queue.queue_timeslots_attributes.0.id: A timeslot can't be changed in place: remove it with {id, _destroy: true} and add the new one",
    ],
    [
      "day 9",
      () => ({ post_queue: { queue_timeslots_attributes: [{ day: 9, time: "10:00" }] } }),
      () => "post_queue.queue_timeslots_attributes.0.day: Day must be an integer from 0 (Sunday) to 6 (Saturday)",
    ],
    [
      "time 7pm",
      () => ({ post_queue: { queue_timeslots_attributes: [{ day: 1, time: "7pm" }] } }),
      () => "post_queue.queue_timeslots_attributes.0.time: Time must be HH:MM (24-hour)",
    ],
    [
      "removing an unknown slot",
      () => ({ post_queue: { queue_timeslots_attributes: [{ id: 2147483000, _destroy: true }] } }),
      () => "post_queue.queue_timeslots_attributes.0.id: Timeslot 2147483000 not found in this queue",
    ],
    [
      "removing another queue's slot",
      ({ otherSlot }) => ({
        post_queue: { queue_timeslots_attributes: [slot(3, "10:00"), { id: otherSlot, _destroy: "1" }] },
      }),
      ({ otherSlot }) => `post_queue.queue_timeslots_attributes.1.id: Timeslot ${otherSlot} not found in this queue`,
    ],
  ];

  it.each(updates)("%s is a 422 naming the field", async (_name, body, message) => {
    const { token, queue, ownSlot, otherSlot } = await twoQueues();
    const res = await patchQueueRequest(token, queue.id, body({ ownSlot, otherSlot }));
    expect(res.status).toBe(422);
    expect(res.json.errors).toContain(message({ otherSlot }));
  });

  it("a refused update keeps nothing of the request, not even its valid parts", async () => {
    const { token, queue, otherSlot } = await twoQueues();
    const res = await patchQueueRequest(token, queue.id, {
      post_queue: {
        name: "Renamed",
        queue_timeslots_attributes: [slot(3, "10:00"), { id: otherSlot, _destroy: true }],
      },
    });
    expect(res.status).toBe(422);
    expect((await getQueueRequest(token, queue.id)).json).toMatchObject({
      name: "Q",
      timezone: "UTC",
      jitter: 0,
      enabled: true,
      timeslots: [{ day: 1, time: "09:00" }],
    });
  });

  describe("a queue with 672 slots", () => {
    const fullQueue = async () => {
      const { group, principal, token } = await queueTenant();
      const all = Array.from({ length: 672 }, (_, i) =>
        slot(
          i % 7,
          `${String(Math.floor(i / 7 / 4)).padStart(2, "0")}:${String((((i / 7) % 4) | 0) * 15).padStart(2, "0")}`,
        ),
      );
      const queue = await newQueue(principal, group.id, { name: "Full", timeslots: all });
      expect(queue.timeslots).toHaveLength(672);
      return { token, queue };
    };

    it("refuses a new slot: at most 672 in all", async () => {
      const { token, queue } = await fullQueue();
      const res = await patchQueueRequest(token, queue.id, {
        post_queue: { queue_timeslots_attributes: [slot(0, "00:01")] },
      });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual(["post_queue.queue_timeslots_attributes: A queue has at most 672 timeslots"]);
    });

    it("accepts an existing slot given again (it is not a new one)", async () => {
      const { token, queue } = await fullQueue();
      const res = await patchQueueRequest(token, queue.id, {
        post_queue: { queue_timeslots_attributes: [slot(0, "00:00")] },
      });
      expect(res.status).toBe(200);
    });
  });
});
