"use client";

import { useState } from "react";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useListingWrite, type Json } from "@/lib/query/listings";
import { sameValue, type Change } from "./diff";
import { ReviewChanges, Section } from "./review-changes";

// Attributes the location's category and region take (available_attributes), with their current
// values (attributes): yes / no / not set, a URL, or a set of values. update_attributes names the
// changed ones in `fields`; one set back to "not set" is named without an entry, which removes it.

type Meta = {
  parent: string;
  valueType: string;
  displayName?: string;
  groupDisplayName?: string;
  valueMetadata?: { value: string; displayName?: string }[];
};
type Value = string | string[]; // BOOL: "" | "true" | "false"; URL: the uri; REPEATED_ENUM: the set values

const valueOf = (meta: Meta, entry: Json | undefined): Value => {
  if (meta.valueType === "REPEATED_ENUM")
    return ((entry?.repeatedEnumValue as { setValues?: string[] } | undefined)?.setValues ?? []).slice().sort();
  if (meta.valueType === "URL") return String((entry?.uriValues as { uri?: string }[] | undefined)?.[0]?.uri ?? "");
  const v = (entry?.values as unknown[] | undefined)?.[0];
  return typeof v === "boolean" ? String(v) : "";
};

const entryOf = (meta: Meta, value: Value): Json | null => {
  if (Array.isArray(value))
    return value.length > 0 ? { name: meta.parent, repeatedEnumValue: { setValues: value } } : null;
  if (!value) return null;
  if (meta.valueType === "URL") return { name: meta.parent, uriValues: [{ uri: value }] };
  return { name: meta.parent, values: [value === "true"] };
};

const shown = (meta: Meta, value: Value) => {
  if (Array.isArray(value)) return value.length > 0 ? value.join(", ") : "(not set)";
  if (!value) return "(not set)";
  return meta.valueType === "BOOL" ? (value === "true" ? "Yes" : "No") : value;
};

type Props = { profileId: string; locationId: string; available: Meta[]; current: Json[] };

export const AttributesForm = ({ profileId, locationId, available, current }: Props) => {
  const initial = Object.fromEntries(
    available.map((m) => [
      m.parent,
      valueOf(
        m,
        current.find((a) => a.name === m.parent),
      ),
    ]),
  );
  const [values, setValues] = useState<Record<string, Value>>(initial);
  const write = useListingWrite(profileId, locationId);
  const changes: Change[] = available
    .filter((m) => !sameValue(initial[m.parent], values[m.parent]))
    .map((m) => ({
      field: m.parent,
      label: m.displayName ?? m.parent,
      before: shown(m, initial[m.parent]!),
      after: shown(m, values[m.parent]!),
    }));
  const set = (name: string, value: Value) => setValues((v) => ({ ...v, [name]: value }));
  const groups = [...new Set(available.map((m) => m.groupDisplayName ?? "Other"))];

  return (
    <Section
      title="Attributes"
      description="What Google shows about the business: amenities, service options, payments. Which ones a location can set depends on its category and country."
      testId="section-attributes"
    >
      {available.length === 0 && (
        <p className="text-sm text-slate-500">Google offers no attributes for this location&apos;s category.</p>
      )}
      {groups.map((group) => (
        <fieldset key={group} className="space-y-2">
          <legend className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{group}</legend>
          {available
            .filter((m) => (m.groupDisplayName ?? "Other") === group)
            .map((m) => {
              const id = `attribute-${m.parent.replace(/\W+/g, "-")}`;
              const value = values[m.parent]!;
              return (
                <div key={m.parent} className="grid items-center gap-2 sm:grid-cols-[12rem_1fr]">
                  <label htmlFor={id} className="text-sm text-slate-700">
                    {m.displayName ?? m.parent}
                  </label>
                  {m.valueType === "BOOL" && (
                    <Select
                      id={id}
                      className="w-40"
                      value={String(value)}
                      onChange={(e) => set(m.parent, e.target.value)}
                    >
                      <option value="">Not set</option>
                      <option value="true">Yes</option>
                      <option value="false">No</option>
                    </Select>
                  )}
                  {m.valueType === "URL" && (
                    <Input id={id} type="url" value={String(value)} onChange={(e) => set(m.parent, e.target.value)} />
                  )}
                  {m.valueType === "REPEATED_ENUM" && (
                    <div id={id} className="flex flex-wrap gap-3">
                      {(m.valueMetadata ?? []).map((option) => (
                        <label key={option.value} className="flex items-center gap-1.5 text-sm text-slate-700">
                          <input
                            type="checkbox"
                            checked={(value as string[]).includes(option.value)}
                            onChange={(e) =>
                              set(
                                m.parent,
                                (e.target.checked
                                  ? [...(value as string[]), option.value]
                                  : (value as string[]).filter((x) => x !== option.value)
                                ).sort(),
                              )
                            }
                          />
                          {option.displayName ?? option.value}
                        </label>
                      ))}
                    </div>
                  )}
                </div>
              );
            })}
        </fieldset>
      ))}
      <ReviewChanges
        testId="attributes"
        changes={changes}
        onSave={(list) =>
          write.mutateAsync({
            method: "PATCH",
            endpoint: "update_attributes",
            body: {
              fields: list.map((c) => c.field),
              attributes: list
                .map((c) =>
                  entryOf(
                    available.find((m) => m.parent === c.field)!,
                    values[c.field]!,
                  ),
                )
                .filter((e): e is Json => e !== null),
            },
          })
        }
      />
    </Section>
  );
};
