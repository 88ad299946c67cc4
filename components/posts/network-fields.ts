import { networkMeta, type TFieldSpec } from "@/lib/networks/meta";
import type { TPlatform } from "@/lib/schemas/common";
import { schemaKeys } from "./rules";

// The `platforms.<network>` parameters the composer offers, per network (its `composerFields` and
// `placement`, lib/networks/<platform>/meta.ts). Only keys the network's params schema really has are
// shown (schemaKeys), so a renamed or dropped parameter disappears here too; the rest stay reachable
// through the API. `format` is offered everywhere, from the rules' formats.

export type { TFieldSpec } from "@/lib/networks/meta";

export const fieldsFor = (platform: TPlatform): TFieldSpec[] => {
  const { postRules: rules, placement, composerFields } = networkMeta(platform);
  if (!rules) return [];
  const keys = new Set(schemaKeys(rules.params));
  const fields: TFieldSpec[] = [{ key: "format", label: "Format", kind: "format" }];
  if (placement) {
    const { param, ...label } = placement;
    fields.push({ key: param, kind: "placement", ...label });
  }
  return [...fields, ...(composerFields ?? [])].filter((f) => keys.has(f.key));
};

// Whether a field applies to the chosen format (the others are hidden, and left out of the request).
export const appliesTo = (field: TFieldSpec, format: string): boolean =>
  !("formats" in field) || !field.formats || field.formats.includes(format);

// Form values -> the raw `platforms.<network>` object: blanks are absent (as the schemas read them).
export const rawParams = (
  platform: TPlatform,
  values: Record<string, unknown> | undefined,
  format: string,
): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const field of fieldsFor(platform)) {
    if (!appliesTo(field, format)) continue;
    const value = values?.[field.key];
    if (value === undefined || value === null || value === "" || value === false) continue;
    if (Array.isArray(value)) {
      const items = value.map((v) => String(v));
      if (items.every((v) => v.trim() === "")) continue;
      out[field.key] = items;
    } else if (field.kind === "number" && typeof value === "string")
      out[field.key] = /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
    else out[field.key] = value;
  }
  return out;
};
