import { describe, expect, it } from "vitest";
import { summarisePost } from "./post-summary";

// The truthful status of a post (components/posts/post-summary.ts): counts over its networks.

const processed = (...statuses: string[]) => ({
  status: "processed" as const,
  draft: false,
  scheduled_at: null,
  queue_id: null,
  platforms: statuses.map((status) => ({ status }) as { status: "published" }),
});

describe("summarisePost", () => {
  it("counts published and failed networks: '5 of 7 published, 2 failed' is partial", () => {
    const s = summarisePost(processed(...Array(5).fill("published"), "failed", "failed"));
    expect(s).toEqual({ label: "5 of 7 published, 2 failed", tone: "partial", total: 7, published: 5, failed: 2 });
  });

  it("a processed post whose networks all failed is failed (red), not processed", () => {
    expect(summarisePost(processed("failed", "failed"))).toMatchObject({
      label: "0 of 2 published, 2 failed",
      tone: "failed",
    });
  });

  it("all published is published; networks still on their way are publishing", () => {
    expect(summarisePost(processed("published", "published"))).toMatchObject({
      label: "2 of 2 published",
      tone: "published",
    });
    expect(summarisePost(processed("published", "failed_waiting_for_retry", "pending"))).toMatchObject({
      label: "1 of 3 published, 2 in progress",
      tone: "publishing",
    });
  });

  it("an unconfirmed delivery is not counted as published", () => {
    expect(summarisePost(processed("published", "delivery_unconfirmed"))).toMatchObject({
      label: "1 of 2 published, 1 unconfirmed",
      tone: "partial",
      failed: 1,
    });
    expect(summarisePost(processed("delivery_unconfirmed")).tone).toBe("failed");
  });

  it("deleted copies are named, and a post deleted everywhere is deleted", () => {
    expect(summarisePost(processed("published", "deleted"))).toMatchObject({
      label: "1 of 2 published, 1 deleted",
      tone: "published",
    });
    expect(summarisePost(processed("deleted", "pending_deletion")).tone).toBe("deleted");
  });

  it("posts not yet handed to the networks say where they stand", () => {
    const base = processed("pending");
    expect(summarisePost({ ...base, draft: true, status: "draft" })).toMatchObject({ label: "draft", tone: "draft" });
    expect(summarisePost({ ...base, status: "scheduled", scheduled_at: "2030-01-01T00:00:00Z" })).toMatchObject({
      label: "scheduled",
      tone: "waiting",
    });
    expect(summarisePost({ ...base, status: "scheduled", queue_id: "que_1" }).label).toBe("queued");
    expect(summarisePost({ ...base, status: "media_processing_failed" })).toMatchObject({
      label: "media failed",
      tone: "failed",
    });
  });
});
