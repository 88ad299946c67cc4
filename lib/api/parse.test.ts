import { describe, expect, it } from "vitest";
import { zPageQuery } from "@/lib/schemas/lists";
import { pageWindow, paginated } from "@/lib/pagination";
import { queryToObject } from "./parse";

describe("queryToObject", () => {
  it("accepts the three list encodings clients use", () => {
    expect(queryToObject(new URLSearchParams("platforms=instagram,tiktok"))).toEqual({ platforms: "instagram,tiktok" });
    expect(queryToObject(new URLSearchParams("platforms[]=instagram&platforms[]=tiktok"))).toEqual({
      platforms: ["instagram", "tiktok"],
    });
    expect(queryToObject(new URLSearchParams("platforms=instagram&platforms=tiktok"))).toEqual({
      platforms: ["instagram", "tiktok"],
    });
    expect(queryToObject(new URLSearchParams("a[]=1"))).toEqual({ a: ["1"] });
  });
});

describe("pagination", () => {
  const zeroBased = zPageQuery({ base: 0, defaultPerPage: 20, maxPerPage: 100 });
  const oneBased = zPageQuery({ base: 1, defaultPerPage: 20, maxPerPage: 100 });

  it("defaults, clamps and tolerates garbage", () => {
    expect(zeroBased.parse({})).toEqual({ page: 0, per_page: 20 });
    expect(zeroBased.parse({ page: "2", per_page: "500" })).toEqual({ page: 2, per_page: 100 });
    expect(zeroBased.parse({ page: "x", per_page: "0" })).toEqual({ page: 0, per_page: 1 });
    expect(oneBased.parse({ page: "0" })).toEqual({ page: 1, per_page: 20 });
  });

  it("turns pages into windows and envelopes", () => {
    expect(pageWindow({ page: 2, per_page: 20 }, 0)).toEqual({ skip: 40, take: 20 });
    expect(pageWindow({ page: 2, per_page: 20 }, 1)).toEqual({ skip: 20, take: 20 });
    expect(paginated({ page: 0, per_page: 20 }, 3, ["a"])).toEqual({ total: 3, page: 0, per_page: 20, data: ["a"] });
  });
});
