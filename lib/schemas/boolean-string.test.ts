import { describe, expect, it } from "vitest";
import { booleanFromString, zBooleanString } from "./boolean-string";

describe("booleanFromString", () => {
  it('reads "true", "True " and "1" as true', () => {
    expect(["true", "True ", "1"].map(booleanFromString)).toEqual([true, true, true]);
  });

  it('reads "false", "FALSE" and "0" as false', () => {
    expect(["false", "FALSE", "0"].map(booleanFromString)).toEqual([false, false, false]);
  });

  it("returns any other value unchanged for the schema to refuse", () => {
    expect(["yes", "", 1, null].map(booleanFromString)).toEqual(["yes", "", 1, null]);
  });
});

describe("zBooleanString", () => {
  it("accepts a boolean or a lower-case boolean string", () => {
    expect([true, "false", "1"].map((v) => zBooleanString().parse(v))).toEqual([true, false, true]);
  });

  it("refuses any other string", () => {
    expect(zBooleanString().safeParse("yes").success).toBe(false);
  });
});
