import { describe, expect, it } from "vitest";
import type { TPost } from "@/lib/schemas/posts";
import { EMPTY_VALUES, prefilledValues, scheduledIso, updateRequest, valuesFromPost } from "./composer-values";

// The composer on an existing post (components/posts/composer-values.ts): prefilled values, and the
// PATCH /api/posts/:id body they become.

const post = (over: Partial<TPost> = {}): TPost => ({
  id: "post_1",
  body: "Hello",
  status: "scheduled",
  draft: false,
  scheduled_at: "2099-01-01T10:00:00.000Z",
  created_at: "2030-01-01T00:00:00.000Z",
  updated_at: "2030-01-01T00:00:00.000Z",
  profile_group_id: "grp_1",
  media: [
    {
      id: "med_1",
      status: "processed",
      error_message: null,
      content_type: "image/png",
      source_url: "https://cdn.example.com/a.png",
      url: "https://app.example.com/m/a.png",
    },
  ],
  platforms: [
    {
      id: "pp_1",
      platform: "bluesky",
      profile_id: "prof_1",
      status: "pending",
      params: {},
      error: null,
      error_details: null,
      attempted_at: null,
      platform_id: null,
      url: null,
      insights: null,
    },
  ],
  thread: [],
  queue_id: null,
  queue_priority: null,
  ...over,
});
const chosen = [{ id: "prof_1", platform: "bluesky" as const }];

describe("valuesFromPost and updateRequest", () => {
  it("a scheduled post opens at its time and saves body, time and profiles; unchanged media are not sent", () => {
    const values = valuesFromPost(post());
    expect(values).toMatchObject({
      profile_group_id: "grp_1",
      profiles: ["prof_1"],
      body: "Hello",
      schedule: "at",
      media_urls: [{ url: "https://cdn.example.com/a.png" }],
    });
    const body = updateRequest({ ...values, body: "Edited" }, chosen, [], false) as Record<string, unknown>;
    expect(body).toMatchObject({
      profiles: ["prof_1"],
      post: { body: "Edited", draft: false, scheduled_at: new Date(values.scheduled_at).toISOString() },
      queue_id: null,
    });
    expect(body).not.toHaveProperty("media");
    expect(body).not.toHaveProperty("profile_group_id");
    expect(updateRequest(values, chosen, [], true)).toMatchObject({ media: ["https://cdn.example.com/a.png"] });
  });

  it("'now' clears the time and the queue; a queued post keeps its queue; a draft keeps its time", () => {
    const queued = valuesFromPost(post({ queue_id: "que_1", queue_priority: "high" }));
    expect(queued.schedule).toBe("queue");
    expect(updateRequest({ ...queued, schedule: "now" }, chosen, [], false)).toMatchObject({
      post: { scheduled_at: null },
      queue_id: null,
    });
    const kept = updateRequest(queued, chosen, [], false) as { post: object };
    expect(kept).toMatchObject({ queue_id: "que_1", queue_priority: "high" });
    expect(kept.post).not.toHaveProperty("scheduled_at");
    const draft = updateRequest(valuesFromPost(post({ draft: true, status: "draft" })), chosen, [], false) as {
      post: object;
    };
    expect(draft.post).toEqual({ body: "Hello", draft: true });
  });
});

describe("prefilledValues (/posts/new from the calendar)", () => {
  it("a time and a group: scheduled at that time in the browser's zone", () => {
    const iso = "2026-03-08T13:00:00.000Z";
    const values = prefilledValues({ scheduledAt: iso, groupId: "grp_1" });
    expect(values).toMatchObject({ profile_group_id: "grp_1", schedule: "at", queue_id: "" });
    expect(scheduledIso(values.scheduled_at)).toBe(iso);
  });

  it("a queue: added to that queue; nothing: the empty composer", () => {
    expect(prefilledValues({ groupId: "grp_1", queueId: "que_1" })).toMatchObject({
      schedule: "queue",
      queue_id: "que_1",
      scheduled_at: "",
    });
    expect(prefilledValues({})).toEqual(EMPTY_VALUES);
  });
});
