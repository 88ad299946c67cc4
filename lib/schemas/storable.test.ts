import { describe, expect, it } from "vitest";
import { storableText, storableValue } from "./safe-input";

describe("storableText / storableValue", () => {
  it("drop NULs and replace unpaired surrogates, leaving valid text as it is", () => {
    expect(storableText("a\u0000b\u0000")).toBe("ab");
    expect(storableText("x\ud800y\udc00z")).toBe("x\ufffdy\ufffdz");
    expect(storableText("pair 😀 kept")).toBe("pair 😀 kept");
  });

  it("walk plain objects and arrays, keys included; dates and other values stay as they are", () => {
    const at = new Date("2026-01-01T00:00:00Z");
    const cleaned = storableValue({ "k\u0000": ["v\u0000", 1, null, { deep: "\ud800" }], at });
    expect(cleaned).toEqual({ k: ["v", 1, null, { deep: "\ufffd" }], at });
    expect(cleaned.at).toBe(at);
  });
});
