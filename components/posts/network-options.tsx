"use client";

import { PlatformMark } from "@/components/profiles/platform-mark";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import type { TPlatform } from "@/lib/schemas/common";
import type { TPlacement } from "@/lib/schemas/profiles";
import { formatOf, type TParamValue } from "./composer-values";
import { appliesTo, fieldsFor, type TFieldSpec } from "./network-fields";
import { postRulesOf, type TNetworkCheck } from "./rules";

type Props = {
  platform: TPlatform;
  profileName: string;
  values: Record<string, TParamValue> | undefined;
  onChange: (key: string, value: TParamValue) => void;
  placements: { data: TPlacement[] | undefined; isPending: boolean; isError: boolean };
  check: TNetworkCheck | null; // null while the profile's placements load
};

// One chosen network: its options (only those of its params schema, for the chosen format) and, live,
// the messages its rules give for the whole draft: what POST /api/posts would answer with a 422.
export const NetworkOptions = ({ platform, profileName, values, onChange, placements, check }: Props) => {
  const format = check?.format ?? formatOf(platform, values);
  const fields = fieldsFor(platform).filter((f) => appliesTo(f, format));
  const id = (key: string) => `param-${platform}-${key}`;

  return (
    <section
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid={`network-options-${platform}`}
      aria-label={`${DISPLAY_NAMES[platform]} options`}
    >
      <header className="mb-3 flex items-center gap-2.5">
        <PlatformMark platform={platform} />
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{DISPLAY_NAMES[platform]}</h3>
          <p className="text-xs text-slate-500">{profileName}</p>
        </div>
        <span className="ml-auto">
          {check === null ? (
            <span className="text-xs text-slate-400">Checking…</span>
          ) : check.issues.length === 0 ? (
            <span className="text-xs font-medium text-emerald-700" data-testid={`network-ok-${platform}`}>
              Ready
            </span>
          ) : (
            <span className="text-xs font-medium text-red-700">
              {check.issues.length === 1 ? "1 problem" : `${check.issues.length} problems`}
            </span>
          )}
        </span>
      </header>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {fields.map((field) => (
          <div
            key={field.key}
            className={field.kind === "textarea" || field.kind === "list" ? "sm:col-span-2" : undefined}
          >
            <Field
              platform={platform}
              field={field}
              id={id(field.key)}
              value={values?.[field.key]}
              onChange={(v) => onChange(field.key, v)}
              placements={placements}
              format={format}
            />
          </div>
        ))}
      </div>
      {check && check.issues.length > 0 && (
        <ul
          className="mt-3 list-disc space-y-0.5 rounded-md bg-red-50 py-2 pr-3 pl-7 text-sm text-red-800 ring-1 ring-red-200 ring-inset"
          data-testid={`network-issues-${platform}`}
        >
          {check.issues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      )}
    </section>
  );
};

type FieldProps = {
  platform: TPlatform;
  field: TFieldSpec;
  id: string;
  value: TParamValue | undefined;
  onChange: (value: TParamValue) => void;
  placements: Props["placements"];
  format: string;
};

const Field = ({ platform, field, id, value, onChange, placements, format }: FieldProps) => {
  const text = typeof value === "string" ? value : "";
  const label = (
    <Label htmlFor={id} className="mb-1.5">
      {field.label}
    </Label>
  );
  const hint = "hint" in field && field.hint ? <p className="mt-1 text-xs text-slate-500">{field.hint}</p> : null;

  switch (field.kind) {
    case "format":
      return (
        <>
          {label}
          <Select id={id} value={format} onChange={(e) => onChange(e.target.value)}>
            {Object.keys(postRulesOf(platform)?.formats ?? {}).map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </Select>
        </>
      );
    case "placement":
      return (
        <>
          {label}
          <Select id={id} value={text} onChange={(e) => onChange(e.target.value)} disabled={placements.isPending}>
            <option value="">{placements.isPending ? "Loading…" : (field.optional ?? "Choose…")}</option>
            {(placements.data ?? [])
              .filter((p) => p.id !== null)
              .map((p) => (
                <option key={p.id} value={p.id!}>
                  {p.name}
                </option>
              ))}
          </Select>
          {placements.isError && (
            <p className="mt-1 text-xs text-red-600">Could not load the profile&apos;s placements</p>
          )}
        </>
      );
    case "select":
      return (
        <>
          {label}
          <Select id={id} value={text} onChange={(e) => onChange(e.target.value)}>
            <option value="">Default</option>
            {field.options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </Select>
          {hint}
        </>
      );
    case "checkbox":
      return (
        <label className="mt-6 flex items-center gap-2 text-sm text-slate-700">
          <input
            id={id}
            type="checkbox"
            className="size-4 accent-indigo-600"
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
          />
          {field.label}
        </label>
      );
    case "textarea":
      return (
        <>
          {label}
          <textarea
            id={id}
            rows={2}
            value={text}
            onChange={(e) => onChange(e.target.value)}
            className="block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:outline-none focus:ring-inset"
          />
          {hint}
        </>
      );
    case "list": {
      const items = Array.isArray(value) ? value : [];
      return (
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">{field.label}</legend>
          <ul className="space-y-1.5">
            {items.map((item, i) => (
              <li key={i} className="flex gap-2">
                <Input
                  aria-label={`${field.label} ${i + 1}`}
                  id={`${id}-${i}`}
                  value={item}
                  onChange={(e) => onChange(items.map((v, j) => (j === i ? e.target.value : v)))}
                />
                <Button
                  variant="ghost"
                  onClick={() => onChange(items.filter((_, j) => j !== i))}
                  aria-label={`Remove ${field.label.toLowerCase()} ${i + 1}`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <Button variant="secondary" size="sm" className="mt-1.5" onClick={() => onChange([...items, ""])} id={id}>
            Add option
          </Button>
          {hint}
        </fieldset>
      );
    }
    default:
      return (
        <>
          {label}
          <Input
            id={id}
            type={field.kind === "number" ? "number" : "text"}
            value={text}
            onChange={(e) => onChange(e.target.value)}
          />
          {hint}
        </>
      );
  }
};
