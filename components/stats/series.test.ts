import { describe, expect, it } from "vitest";
import { changeOf, chartPaths, formatNumber, numericSeries, textStats } from "./series";

const rec = (at: string, stats: Record<string, unknown>) => ({ stats, recorded_at: at });

describe("stats chart helpers", () => {
  it("charts the numeric keys of the latest snapshot, over every snapshot that has a number for them", () => {
    const records = [
      rec("2026-01-01T00:00:00Z", { followers_count: 10, old_key: 1, channel_title: "A" }),
      rec("2026-01-02T00:00:00Z", { followers_count: null, channel_title: "A" }),
      rec("2026-01-03T00:00:00Z", { followers_count: 14, views: 3, channel_title: "B" }),
    ];
    expect(numericSeries(records)).toEqual([
      {
        key: "followers_count",
        points: [
          { t: Date.parse("2026-01-01T00:00:00Z"), v: 10 },
          { t: Date.parse("2026-01-03T00:00:00Z"), v: 14 },
        ],
      },
      { key: "views", points: [{ t: Date.parse("2026-01-03T00:00:00Z"), v: 3 }] },
    ]);
    expect(textStats(records)).toEqual([["channel_title", "B"]]);
    // Audience first, then the post metrics in the spec's order, then the rest alphabetically.
    const order = (stats: Record<string, number>) =>
      numericSeries([rec("2026-01-01T00:00:00Z", stats)]).map((s) => s.key);
    expect(order({ postsCount: 1, followsCount: 2, followersCount: 3 })).toEqual([
      "followersCount",
      "followsCount",
      "postsCount",
    ]);
    expect(order({ likes: 1, quotes: 1, reposts: 1, comments: 1, impressions: 1 })).toEqual([
      "impressions",
      "likes",
      "comments",
      "reposts",
      "quotes",
    ]);
    expect(numericSeries([])).toEqual([]);
  });

  it("draws x by time and y between min and max; a flat or single point sits in the middle", () => {
    const { line, area, last } = chartPaths(
      [
        { t: 0, v: 0 },
        { t: 1, v: 10 },
        { t: 3, v: 5 },
      ],
      100,
      20,
      0,
    );
    expect(line).toBe("M0 20 L33.33 0 L100 10");
    expect(area).toBe("M0 20 L33.33 0 L100 10 L100 20 L0 20 Z");
    expect(last).toEqual({ x: 100, y: 10 });
    expect(
      chartPaths(
        [
          { t: 0, v: 4 },
          { t: 5, v: 4 },
        ],
        100,
        20,
        0,
      ).line,
    ).toBe("M0 10 L100 10");
    expect(chartPaths([{ t: 0, v: 4 }], 100, 20, 2).line).toBe("M2 10 L98 10");
    expect(chartPaths([], 100, 20)).toEqual({ line: "", area: "", last: null });
  });

  it("formats values and the change since the previous snapshot", () => {
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatNumber(0.0456)).toBe("0.046");
    expect(
      changeOf([
        { t: 0, v: 10 },
        { t: 1, v: 22 },
      ]),
    ).toEqual({ text: "+12", direction: "up" });
    expect(
      changeOf([
        { t: 0, v: 1500 },
        { t: 1, v: 300 },
      ]),
    ).toEqual({ text: "−1,200", direction: "down" });
    expect(
      changeOf([
        { t: 0, v: 3 },
        { t: 1, v: 3 },
      ]),
    ).toEqual({ text: "±0", direction: "flat" });
    expect(changeOf([{ t: 0, v: 3 }])).toBeNull();
  });
});
