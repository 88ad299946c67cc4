import { expect, test, type APIRequestContext } from "@playwright/test";
import { auth, createTenant } from "../support/tenant";

// Issue 11, "Concurrency" over HTTP against the running app: the same Idempotency-Key 50 times at once
// writes one post; 100 posts queued at once (while the queue's timeslots change) all succeed with
// unique slots; concurrent PATCHes of a post and of a queue end in a consistent state. Prints figures.

type Json = Record<string, any>;

// Slots about 12 hours from now (UTC): posts placed there stay editable (more than 5 minutes out).
const farSlots = (count: number, minuteOffset = 0) => {
  const at = new Date(Date.now() + 12 * 3600_000);
  return Array.from({ length: count }, (_, i) => ({
    day: at.getUTCDay(),
    time: `${String(at.getUTCHours()).padStart(2, "0")}:${String(minuteOffset + i).padStart(2, "0")}`,
  }));
};

const countBy = (values: number[]) =>
  values.reduce<Record<number, number>>((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});

const setUp = async (request: APIRequestContext, slotsOf: () => { day: number; time: string }[] = hourly) => {
  const tenant = createTenant();
  const headers = auth(tenant.sandbox);
  const group = (await (
    await request.post("/api/profile_groups", { headers, data: { name: `Concurrency ${Date.now()}` } })
  ).json()) as Json;
  const connected = await request.post(`/api/profile_groups/${group.id}/initialize_connection`, {
    headers,
    data: { platform: "bluesky", identifier: "concurrency.bsky.social", app_password: "abcd-efgh-ijkl-mnop" },
  });
  expect(connected.status()).toBe(200);
  const profile = ((await connected.json()) as Json).profile.id as string;
  const slots = slotsOf();
  const queue = (await (
    await request.post("/api/post_queues", {
      headers,
      data: {
        profile_group_id: group.id,
        post_queue: { name: "Busy", timezone: "UTC", queue_timeslots_attributes: slots },
      },
    })
  ).json()) as Json;
  return { headers, group, profile, queue };
};

const hourly = () =>
  [0, 1, 2, 3, 4, 5, 6].flatMap((day) =>
    Array.from({ length: 24 }, (_, h) => ({ day, time: `${String(h).padStart(2, "0")}:00` })),
  );

test.describe("concurrency (issue 11)", () => {
  test("same Idempotency-Key x50 in parallel: one post, the others 409 or its replay", async ({ request }) => {
    const { headers, profile } = await setUp(request);
    const body = `idempotent ${Date.now()}`;
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        request.post("/api/posts", {
          headers: { ...headers, "Idempotency-Key": `k-${body}` },
          data: { post: { body, draft: true }, profiles: [profile] },
        }),
      ),
    );
    const statuses = responses.map((r) => r.status());
    const ids = new Set(
      await Promise.all(
        responses.filter((r) => r.status() === 200).map(async (r) => ((await r.json()) as Json).id as string),
      ),
    );
    const listed = ((await (await request.get("/api/posts?per_page=100", { headers })).json()) as Json).data as Json[];
    const written = listed.filter((p) => p.body === body).length;
    console.log(
      `[concurrency] same Idempotency-Key x50 over HTTP: statuses ${JSON.stringify(countBy(statuses))}, posts written ${written}, duplicates ${written - 1}`,
    );
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(written).toBe(1);
    expect(ids.size).toBe(1);
  });

  test("100 queued posts at once, while timeslots change: all 200, unique slots", async ({ request }) => {
    test.setTimeout(120_000);
    const { headers, profile, queue } = await setUp(request);
    const started = Date.now();
    const [creates, edits] = await Promise.all([
      Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          request.post("/api/posts", {
            headers,
            data: { post: { body: `queued ${i}` }, profiles: [profile], queue_id: queue.id },
          }),
        ),
      ),
      Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          request.patch(`/api/post_queues/${queue.id}`, {
            headers,
            data: {
              post_queue: { queue_timeslots_attributes: [{ day: i % 7, time: `${String(i).padStart(2, "0")}:30` }] },
            },
          }),
        ),
      ),
    ]);
    const createStatuses = creates.map((r) => r.status());
    const editStatuses = edits.map((r) => r.status());
    const ids = await Promise.all(
      creates.filter((r) => r.ok()).map(async (r) => ((await r.json()) as Json).id as string),
    );
    const times = await Promise.all(
      ids.map(
        async (id) =>
          ((await (await request.get(`/api/posts/${id}`, { headers })).json()) as Json).scheduled_at as string | null,
      ),
    );
    const unique = new Set(times.filter(Boolean)).size;
    console.log(
      `[concurrency] 100 queued posts + 10 timeslot edits over HTTP in ${Date.now() - started} ms: creates ${JSON.stringify(countBy(createStatuses))}, edits ${JSON.stringify(countBy(editStatuses))}, unique slots ${unique}/100`,
    );
    expect(createStatuses.filter((s) => s !== 200)).toEqual([]);
    expect(editStatuses.filter((s) => s !== 200)).toEqual([]);
    expect(unique).toBe(100);
    const final = (await (await request.get(`/api/post_queues/${queue.id}`, { headers })).json()) as Json;
    expect(final.timeslots).toHaveLength(7 * 24 + 10);
  });

  test("concurrent PATCHes of a post and of its queue end in a consistent state", async ({ request }) => {
    const { headers, profile, queue } = await setUp(request, () => farSlots(1));
    const post = (await (
      await request.post("/api/posts", {
        headers,
        data: { post: { body: "v" }, profiles: [profile], queue_id: queue.id },
      })
    ).json()) as Json;
    const versions = Array.from({ length: 12 }, (_, i) => ({
      body: `v${i}`,
      thread: Array.from({ length: i % 3 }, (_, k) => ({ body: `v${i}-reply${k}` })),
    }));
    const [postPatches, queuePatches] = await Promise.all([
      Promise.all(
        versions.map((v) =>
          request.patch(`/api/posts/${post.id}`, { headers, data: { post: { body: v.body }, thread: v.thread } }),
        ),
      ),
      Promise.all([
        ...farSlots(6, 30).map((slot) =>
          request.patch(`/api/post_queues/${queue.id}`, {
            headers,
            data: { post_queue: { queue_timeslots_attributes: [slot] } },
          }),
        ),
        request.patch(`/api/post_queues/${queue.id}`, {
          headers,
          data: { post_queue: { timezone: "Europe/Berlin", name: "Renamed" } },
        }),
      ]),
    ]);
    const statuses = [...postPatches, ...queuePatches].map((r) => r.status());
    const final = (await (await request.get(`/api/posts/${post.id}`, { headers })).json()) as Json;
    const winner = versions.find((v) => v.body === final.body);
    const finalQueue = (await (await request.get(`/api/post_queues/${queue.id}`, { headers })).json()) as Json;
    console.log(
      `[concurrency] 12 post PATCHes + 7 queue PATCHes at once: statuses ${JSON.stringify(countBy(statuses))}, final body ${final.body}`,
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(winner).toBeDefined();
    expect((final.thread ?? []).map((t: Json) => t.body)).toEqual(winner!.thread.map((t) => t.body));
    expect(finalQueue).toMatchObject({ name: "Renamed", timezone: "Europe/Berlin" });
    expect(finalQueue.timeslots).toHaveLength(1 + 6);
    expect(final.scheduled_at).not.toBeNull();
  });
});
