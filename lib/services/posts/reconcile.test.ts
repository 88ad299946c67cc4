import { describe, expect, it } from "vitest";
import { runIdFor } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { seedSandboxTenant } from "@/testing/posts";
import { createPost } from "./create-post";
import { MEDIA_STUCK_AFTER_MS, requestStuckMedia } from "./lifecycle";

// A post whose media job was lost stays `pending`; the reconcile function asks for its media again, once
// per time window (the event id carries the window), and leaves fresh posts alone.

describe("requestStuckMedia", () => {
  it("re-requests media processing of posts pending for too long, once per window", async () => {
    const t = await seedSandboxTenant(["bluesky"]);
    const input = {
      post: { body: "Media pending" },
      profiles: ["bluesky"],
      media: ["https://cdn.example.com/never-fetched.jpg"],
    };
    const stuck = (await createPost({ principal: t.principal, input })) as { id: string; status: string };
    const fresh = (await createPost({ principal: t.principal, input })) as { id: string };
    expect(stuck.status).toBe("pending");
    await db.$executeRaw`UPDATE posts SET updated_at = now() - interval '20 minutes' WHERE id = ${stuck.id}`;

    const now = new Date();
    const asked = await requestStuckMedia({ now });
    expect(asked).toContain(stuck.id);
    expect(asked).not.toContain(fresh.id);
    const eventId = `media-reconcile|${stuck.id}|${Math.floor(now.getTime() / MEDIA_STUCK_AFTER_MS)}`;
    expect(await db.outboxEvent.findUnique({ where: { id: eventId } })).toMatchObject({
      name: "app/post.media.requested",
      sentAt: expect.any(Date),
    });
    const run = await db.jobRun.findUniqueOrThrow({
      where: { id: runIdFor(eventId, "social-publisher-process-post-media") },
    });
    expect(run.event).toMatchObject({ data: { postId: stuck.id } });

    await requestStuckMedia({ now }); // the same window: no second run
    expect(await db.jobRun.count({ where: { id: run.id } })).toBe(1);
    const requests = await db.outboxEvent.findMany({
      where: { name: "app/post.media.requested", event: { path: ["data", "postId"], equals: stuck.id } },
    });
    expect(requests).toHaveLength(2); // at creation (its job is what got lost here: no runner), and the reconcile
  });
});
