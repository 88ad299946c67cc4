import { describe, expect, it } from "vitest";
import { availableActions } from "./available-actions";

// The post actions the admin offers (components/posts/available-actions.ts), as the API allows them.

const NOW = Date.parse("2030-01-01T12:00:00Z");
const post = (over: Partial<Parameters<typeof availableActions>[0]>) => ({
  status: "scheduled" as const,
  draft: false,
  scheduled_at: null,
  platforms: [],
  ...over,
});

describe("availableActions", () => {
  it("a post due more than 5 minutes ahead can be edited and published now; one due sooner cannot", () => {
    expect(availableActions(post({ scheduled_at: "2030-01-01T12:06:00Z" }), NOW)).toEqual({
      edit: true,
      publishDraft: false,
      publishNow: true,
      retryFailed: false,
    });
    expect(availableActions(post({ scheduled_at: "2030-01-01T12:04:00Z" }), NOW).edit).toBe(false);
  });

  it("a draft is edited and published with POST /publish", () => {
    expect(availableActions(post({ status: "draft", draft: true }), NOW)).toMatchObject({
      edit: true,
      publishDraft: true,
      publishNow: false,
    });
  });

  it("a processed post offers a retry only when a network failed (not when unconfirmed)", () => {
    const processed = (...statuses: string[]) =>
      post({ status: "processed", platforms: statuses.map((status) => ({ status }) as { status: "failed" }) });
    expect(availableActions(processed("published", "failed"), NOW)).toEqual({
      edit: false,
      publishDraft: false,
      publishNow: false,
      retryFailed: true,
    });
    expect(availableActions(processed("published", "delivery_unconfirmed"), NOW).retryFailed).toBe(false);
  });
});
