// The catalogue of bad values the bad-input campaign (bad-input.ts) puts into requests. JSON bodies are
// built as values and serialised by `toBody`, which also writes what JSON.stringify cannot: raw number
// tokens, raw nesting, unpaired surrogate escapes and bytes that are not UTF-8.

export class Raw {
  constructor(readonly text: string) {}
}
// Replaced by bytes that are not UTF-8 when the body is encoded.
export class Bytes {
  constructor(readonly bytes: number[]) {}
}

const INVALID_UTF8 = [
  [0xc3, 0x28],
  [0xff, 0xfe],
  [0xed, 0xa0, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xc0, 0xaf],
];
const MARK = "\ue000";

export const toBody = (value: unknown): Buffer => {
  const chunks: Buffer[] = [];
  const text = serialise(value, chunks);
  const parts = text.split(MARK);
  return Buffer.concat(
    parts.flatMap((part, i) => (i === 0 ? [Buffer.from(part)] : [chunks[i - 1]!, Buffer.from(part)])),
  );
};

const serialise = (value: unknown, chunks: Buffer[]): string => {
  if (value instanceof Raw) return value.text;
  if (value instanceof Bytes) {
    chunks.push(Buffer.from(value.bytes));
    return `"a${MARK}b"`;
  }
  if (Array.isArray(value)) return `[${value.map((v) => serialise(v, chunks)).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .map((k) => `${JSON.stringify(k)}:${serialise((value as Record<string, unknown>)[k], chunks)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
};

// An object with an own "__proto__" (or other prototype) key, as a client can send it.
export const withKey = (base: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> => {
  const out = { ...base };
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
};

export const nested = (depth: number, open = "[", close = "]") =>
  new Raw(`${open.repeat(depth)}${close.repeat(depth)}`);
export const nestedObjects = (depth: number) => new Raw(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`);

// Values refused by the edge whatever the field (ZSafeInput): a request carrying one must be refused.
export const EDGE_REFUSED: { label: string; value: unknown }[] = [
  { label: "NUL", value: "\u0000" },
  { label: "NUL inside", value: "a\u0000b" },
  { label: "lone high surrogate", value: new Raw('"a\\ud800b"') },
  { label: "lone low surrogate", value: new Raw('"\\udfff"') },
  { label: "nested 40 arrays", value: nested(40) },
  { label: "nested 10k arrays", value: nested(10_000) },
  { label: "nested 100k arrays", value: nested(100_000) },
  { label: "nested 5k objects", value: nestedObjects(5_000) },
  { label: "__proto__ object", value: withKey({}, "__proto__", { polluted: true }) },
  { label: "constructor.prototype", value: withKey({}, "constructor", { prototype: { polluted: true } }) },
  { label: "NUL key", value: { "a\u0000": 1 } },
];

// Values a field may or may not accept: wrong types, sizes, numbers and dates at and past the edges.
export const ANY_VALUES: { label: string; value: unknown }[] = [
  { label: "zero", value: 0 },
  { label: "-1", value: -1 },
  { label: "fraction", value: 1.5 },
  { label: "int4 overflow", value: 2_147_483_648 },
  { label: "-int4 overflow", value: -2_147_483_649 },
  { label: "2^53+1", value: new Raw("9007199254740993") },
  { label: "1e308", value: 1e308 },
  { label: "1e309 (Infinity)", value: new Raw("1e309") },
  { label: "-0", value: new Raw("-0") },
  { label: "true", value: true },
  { label: "false", value: false },
  { label: "null", value: null },
  { label: "empty string", value: "" },
  { label: "spaces", value: "   " },
  { label: "empty array", value: [] },
  { label: "empty object", value: {} },
  { label: "array of objects", value: [{ a: 1 }, { b: [2] }] },
  { label: "nested 20", value: nested(20) },
  { label: "10k chars", value: "x".repeat(10_001) },
  { label: "100k chars", value: "y".repeat(100_001) },
  { label: "emoji x5000", value: "😀".repeat(5_000) },
  { label: "RTL override", value: "\u202egnp.exe" },
  { label: "CRLF", value: "a\r\nSet-Cookie: x=1" },
  { label: "path traversal", value: "../../../../etc/passwd" },
  { label: "html", value: "<script>alert(1)</script>" },
  { label: "sql", value: "' OR 1=1; --" },
  { label: "template", value: "${7*7}{{7*7}}" },
  { label: "percent", value: "%00%zz%" },
  { label: "invalid UTF-8 c3 28", value: new Bytes(INVALID_UTF8[0]!) },
  { label: "invalid UTF-8 ff fe", value: new Bytes(INVALID_UTF8[1]!) },
  { label: "invalid UTF-8 surrogate bytes", value: new Bytes(INVALID_UTF8[2]!) },
  { label: "invalid UTF-8 5-byte", value: new Bytes(INVALID_UTF8[3]!) },
  { label: "invalid UTF-8 overlong", value: new Bytes(INVALID_UTF8[4]!) },
  { label: "year 0000", value: "0000-01-01T00:00:00Z" },
  { label: "year 0001 +01:00", value: "0001-01-01T00:30:00+01:00" },
  { label: "year 9999 end", value: "9999-12-31T23:59:59Z" },
  { label: "year 10000", value: "10000-01-01T00:00:00Z" },
  { label: "year 275760", value: "+275760-09-13T00:00:00.000Z" },
  { label: "year 300000", value: "+300000-01-01T00:00:00Z" },
  { label: "negative year", value: "-000001-01-01T00:00:00Z" },
  { label: "Feb 30", value: "2025-02-30T10:00:00Z" },
  { label: "month 13", value: "2025-13-01T10:00:00Z" },
  { label: "epoch", value: "1970-01-01T00:00:00Z" },
  { label: "date 0000", value: "0000-01-01" },
  { label: "date 9999", value: "9999-12-31" },
  { label: "timestamp number", value: 253402300800000 },
  { label: "url javascript", value: "javascript:alert(1)" },
  { label: "url file", value: "file:///etc/passwd" },
  { label: "url internal", value: "http://169.254.169.254/latest/meta-data" },
  { label: "url ipv4-compatible", value: "https://[::127.0.0.1]/hook" },
  { label: "id of nobody", value: "grp_1111111111111111" },
];

// Query parameter values (already percent-encoded where needed).
export const QUERY_VALUES: { label: string; raw: string; refused: boolean }[] = [
  { label: "NUL", raw: "%00", refused: true },
  { label: "NUL inside", raw: "a%00b", refused: true },
  { label: "encoded surrogate", raw: "%ED%A0%80", refused: false },
  { label: "invalid UTF-8", raw: "%C3%28", refused: false },
  { label: "bare 0xff", raw: "%FF%FE", refused: false },
  { label: "bad escape", raw: "%zz", refused: false },
  { label: "empty", raw: "", refused: false },
  { label: "huge", raw: "q".repeat(20_000), refused: false },
  { label: "-1", raw: "-1", refused: false },
  { label: "2^53", raw: "9007199254740993", refused: false },
  { label: "1e309", raw: "1e309", refused: false },
  { label: "NaN", raw: "NaN", refused: false },
  { label: "hex", raw: "0x10", refused: false },
  { label: "year 0000", raw: "0000-01-01T00:00:00Z", refused: false },
  { label: "year 0000 date", raw: "0000-01-01", refused: false },
  { label: "year 9999", raw: "9999-12-31T23:59:59Z", refused: false },
  { label: "year 300000", raw: "%2B300000-01-01T00:00:00Z", refused: false },
  { label: "Feb 30", raw: "2025-02-30", refused: false },
  { label: "comma list", raw: "a,b,,c,%00", refused: true },
  { label: "html", raw: "%3Cscript%3E", refused: false },
];
