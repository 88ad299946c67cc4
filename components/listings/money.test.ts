import { describe, expect, it } from "vitest";
import { isPrice, moneyOf, moneyText } from "./money";

describe("Google Money in the editors", () => {
  it("reads units and nanos as text and writes them back", () => {
    expect(moneyText({ currencyCode: "USD", units: "15", nanos: 500000000 })).toBe("15.50");
    expect(moneyText({ currencyCode: "USD", units: "18" })).toBe("18");
    expect(moneyText(undefined)).toBe("");
    expect(moneyOf("15.5", "USD")).toEqual({ currencyCode: "USD", units: "15", nanos: 500000000 });
    expect(moneyOf("18", "EUR")).toEqual({ currencyCode: "EUR", units: "18" });
    expect(moneyOf("", "USD")).toBeUndefined();
    expect([isPrice("3.999"), isPrice("abc"), isPrice("")]).toEqual([false, false, true]);
  });
});
