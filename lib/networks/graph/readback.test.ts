import { describe, expect, it } from "vitest";
import { FIND_WINDOW_MS, matchCandidate, parseGraphTime } from "./readback";
import { metricValue, partOf, seriesSum } from "./insights";

const connector = { displayName: "Facebook", mapError: () => new Error("unused") as never };

describe("Graph read-back matching", () => {
  it("reads Graph timestamps: ISO with +0000 offsets, and unix seconds", () => {
    expect(parseGraphTime("2026-03-01T10:00:00+0000")).toBe(Date.UTC(2026, 2, 1, 10));
    expect(parseGraphTime("2026-03-01T12:00:00+0200")).toBe(Date.UTC(2026, 2, 1, 10));
    expect(parseGraphTime("1772359200")).toBe(1772359200_000);
    expect(parseGraphTime("soon")).toBeNull();
    expect(parseGraphTime(undefined)).toBeNull();
  });

  it("matches the same text of the right kind within the window; otherwise null", () => {
    const now = Date.now();
    const since = now - FIND_WINDOW_MS;
    const c = (id: string, text: string | null, ageMs: number, kindMatches = true) => ({
      id,
      text,
      createdAt: now - ageMs,
      url: `u/${id}`,
      kindMatches,
    });
    const candidates = [
      c("a", "Hello\r\nworld ", 60_000, false),
      c("b", "Hello\nworld", 120_000),
      c("old", "Old", FIND_WINDOW_MS + 60_000),
    ];
    expect(matchCandidate(connector, candidates, "Hello\nworld", since)).toEqual({ externalId: "b", url: "u/b" });
    expect(matchCandidate(connector, candidates, "Old", since)).toBeNull();
    expect(matchCandidate(connector, candidates, "Other", since)).toBeNull();
  });

  it("without text only an empty window is certain", () => {
    const since = Date.now() - FIND_WINDOW_MS;
    expect(matchCandidate(connector, [], "  ", since)).toBeNull();
    expect(() =>
      matchCandidate(
        connector,
        [{ id: "s", text: null, createdAt: Date.now(), url: null, kindMatches: true }],
        "",
        since,
      ),
    ).toThrow(expect.objectContaining({ kind: "outcome_unknown" }));
  });
});

describe("Graph insights values", () => {
  it("takes a range total, else the latest value; sums series; reads breakdowns", () => {
    expect(metricValue({ name: "reach", total_value: { value: 70 } })).toBe(70);
    expect(metricValue({ name: "page_views_total", values: [{ value: 1 }, { value: 5 }] })).toBe(5);
    expect(seriesSum({ name: "follower_count", values: [{ value: 1 }, { value: 2 }, { value: 3 }] }, 2)).toBe(5);
    expect(seriesSum(undefined)).toBeNull();
    expect(partOf({ like: 4, love: 1 }, "like")).toBe(4);
    expect(partOf("7", "like")).toBe(7);
  });
});
