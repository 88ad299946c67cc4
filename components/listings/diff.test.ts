import { describe, expect, it } from "vitest";
import { changesOf, fieldsWriteOf, NOT_SET, sameValue } from "./diff";

describe("editor diffs", () => {
  it("unset, empty and reordered values are the same; a changed nested value is not", () => {
    expect(sameValue(undefined, "")).toBe(true);
    expect(sameValue([], null)).toBe(true);
    expect(sameValue({ a: 1, b: { c: "" } }, { a: 1 })).toBe(true);
    expect(sameValue({ b: 2, a: 1 }, { a: 1, b: 2 })).toBe(true);
    expect(sameValue({ hours: 0 }, {})).toBe(false);
    expect(sameValue({ periods: [{ openDay: "MONDAY" }] }, { periods: [{ openDay: "TUESDAY" }] })).toBe(false);
  });

  it("lists only the changed fields, in the specs' order, with before and after as shown to the user", () => {
    const before = {
      title: "Old",
      websiteUri: "https://a.example",
      profile: { description: "x" } as Record<string, unknown> | undefined,
      labels: ["a"],
    };
    const after = { title: "New", websiteUri: "https://a.example", profile: undefined, labels: ["a", "b"] };
    const changes = changesOf(before, after, {
      title: { label: "Name" },
      websiteUri: { label: "Website" },
      profile: { label: "Description", format: (p) => String(p?.description) },
      labels: { label: "Labels" },
    });
    expect(changes).toEqual([
      { field: "title", label: "Name", before: "Old", after: "New" },
      { field: "profile", label: "Description", before: "x", after: NOT_SET },
      { field: "labels", label: "Labels", before: "a", after: "a, b" },
    ]);
    expect(fieldsWriteOf(after, changes)).toEqual({
      fields: ["title", "profile", "labels"],
      title: "New",
      profile: null,
      labels: ["a", "b"],
    });
  });
});
