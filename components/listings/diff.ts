// What changed between the resource as loaded and the form's values: the editors show these rows in
// "Review changes" and send exactly these fields. Empty strings, empty lists and empty objects count as
// "not set", as Google and Graph leave unset fields out; key order does not matter.

export type Change = { field: string; label: string; before: string; after: string };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export const normalize = (value: unknown): unknown => {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") return value.trim() === "" ? undefined : value;
  if (Array.isArray(value)) {
    const items = value.map(normalize).filter((v) => v !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (isPlainObject(value)) {
    const entries = Object.keys(value)
      .sort()
      .map((k) => [k, normalize(value[k])] as const)
      .filter(([, v]) => v !== undefined);
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return value;
};

export const sameValue = (a: unknown, b: unknown) => JSON.stringify(normalize(a)) === JSON.stringify(normalize(b));

export const NOT_SET = "(not set)";

export const display = (value: unknown): string => {
  const v = normalize(value);
  if (v === undefined) return NOT_SET;
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v) && v.every((x) => typeof x === "string")) return v.join(", ");
  return JSON.stringify(v);
};

export type FieldSpec<V> = { label: string; format?: (value: V) => string };

// The fields of `specs` whose value differs, in the order of `specs`.
export const changesOf = <T extends Record<string, unknown>>(
  before: T,
  after: T,
  specs: { [K in keyof T]?: FieldSpec<T[K]> },
): Change[] =>
  (Object.keys(specs) as (keyof T & string)[])
    .filter((field) => !sameValue(before[field], after[field]))
    .map((field) => {
      const spec = specs[field]!;
      const show = (v: T[typeof field]) =>
        normalize(v) === undefined ? NOT_SET : spec.format ? spec.format(v) : display(v);
      return { field, label: spec.label, before: show(before[field]), after: show(after[field]) };
    });

// The `fields` write pattern: every changed field, with its new value (unset parts left out) or null to
// clear it.
export const fieldsWriteOf = <T extends Record<string, unknown>>(after: T, changes: Change[]) => ({
  fields: changes.map((c) => c.field),
  ...Object.fromEntries(changes.map((c) => [c.field, normalize(after[c.field]) ?? null])),
});
