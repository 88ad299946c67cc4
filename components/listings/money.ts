// Google's Money ({currencyCode, units (int64 as a string), nanos}) and the editors' "12.50" text.

type Money = { currencyCode?: string; units?: string | number; nanos?: number };

export const moneyText = (money: unknown): string => {
  const m = (money ?? {}) as Money;
  if (m.units === undefined && m.nanos === undefined) return "";
  const cents = Math.round(Number(m.units ?? 0) * 100 + Number(m.nanos ?? 0) / 1e7);
  return (cents / 100).toFixed(2).replace(/\.00$/, "");
};

// "12.5" -> {currencyCode, units: "12", nanos: 500000000}; empty -> undefined (no price).
export const moneyOf = (text: string, currencyCode: string): Money | undefined => {
  const value = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return undefined;
  const [units, fraction = ""] = value.split(".");
  const nanos = Number(fraction.padEnd(2, "0")) * 1e7;
  return { currencyCode, units: String(Number(units)), ...(nanos > 0 && { nanos }) };
};

export const isPrice = (text: string) => text.trim() === "" || /^\d+(\.\d{1,2})?$/.test(text.trim());
