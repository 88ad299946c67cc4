import { describe, expect, it } from "vitest";
import { containsText, escapeLike } from "./text-search";

describe("escapeLike", () => {
  it("escapes LIKE's wildcards and its escape character, nothing else", () => {
    expect(escapeLike("100%_\\ok")).toBe("100\\%\\_\\\\ok");
    expect(escapeLike("plain text")).toBe("plain text");
    expect(containsText("a_b")).toEqual({ contains: "a\\_b", mode: "insensitive" });
  });
});
