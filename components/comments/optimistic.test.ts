import { describe, expect, it } from "vitest";
import type { TBulkComment } from "@/lib/schemas/comments";
import { applyPending, isSettled, prunePending, showWithPending, type TPendingActions } from "./optimistic";

const comment = (id: string, over: Partial<TBulkComment> = {}): TBulkComment => ({
  id,
  external_id: `x_${id}`,
  body: id,
  status: "synced",
  error: null,
  author_username: null,
  author_avatar_url: null,
  author_external_id: null,
  metadata: null,
  parent_external_id: null,
  like_count: 2,
  is_hidden: false,
  permalink: null,
  platform_data: null,
  attachments: [],
  posted_at: null,
  created_at: "2026-03-01T12:00:00.000Z",
  post_id: "post_1",
  profile_id: "prof_1",
  platform: "facebook",
  supported_actions: ["reply", "delete", "hide", "like"],
  ...over,
});

describe("inbox optimistic actions", () => {
  const pending: TPendingActions = {
    a: { action: "hide", likeCount: 2, since: 1_000 },
    b: { action: "like", likeCount: 2, since: 1_000 },
    c: { action: "delete", likeCount: 2, since: 1_000 },
  };

  it("shows pending actions as done: hidden, one more like, deleted ones left out", () => {
    const shown = showWithPending([comment("a"), comment("b"), comment("c"), comment("d")], pending);
    expect(shown.map((c) => [c.id, c.is_hidden, c.like_count])).toEqual([
      ["a", true, 2],
      ["b", false, 3],
      ["d", false, 2],
    ]);
    // a like the server has already counted is not counted twice
    expect(applyPending(comment("b", { like_count: 3 }), pending.b).like_count).toBe(3);
  });

  it("an action stays pending until the server shows it, and expires after a minute", () => {
    expect(isSettled(pending.a!, comment("a"))).toBe(false);
    expect(isSettled(pending.a!, comment("a", { is_hidden: true }))).toBe(true);
    expect(isSettled({ action: "unhide", likeCount: 0, since: 0 }, comment("a", { is_hidden: true }))).toBe(false);
    expect(isSettled(pending.b!, comment("b", { like_count: 3 }))).toBe(true);
    expect(isSettled(pending.c!, comment("c"))).toBe(false);
    expect(isSettled(pending.c!, undefined)).toBe(true);

    const unchanged = [comment("a"), comment("b"), comment("c")];
    expect(prunePending(pending, unchanged, 2_000)).toBe(pending);
    expect(
      Object.keys(prunePending(pending, [comment("a", { is_hidden: true }), comment("b"), comment("c")], 2_000)),
    ).toEqual(["b", "c"]);
    expect(Object.keys(prunePending(pending, [comment("a"), comment("b")], 2_000))).toEqual(["a", "b"]);
    expect(prunePending(pending, unchanged, 61_000)).toEqual({});
  });
});
