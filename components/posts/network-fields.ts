import { PLACEMENT_PARAM } from "@/lib/networks/platforms";
import { TIKTOK_PRIVACY } from "@/lib/networks/tiktok/post-rules";
import type { TPlatform } from "@/lib/schemas/common";
import { POST_RULES, schemaKeys } from "./rules";

// The `platforms.<network>` parameters the composer offers, per network. Only keys the network's params
// schema really has are shown (schemaKeys), so a renamed or dropped parameter disappears here too; the
// rest stay reachable through the API. `format` is offered everywhere, from the rules' formats.

export type TFieldSpec =
  | { key: string; label: string; kind: "format" }
  | { key: string; label: string; kind: "placement"; optional?: string } // `optional`: the label of "none"
  | { key: string; label: string; kind: "select"; options: readonly string[]; hint?: string }
  | { key: string; label: string; kind: "text" | "textarea" | "number"; hint?: string; formats?: string[] }
  | { key: string; label: string; kind: "list"; hint?: string; formats?: string[] }
  | { key: string; label: string; kind: "checkbox"; hint?: string };

const firstComment: TFieldSpec = {
  key: "first_comment",
  label: "First comment",
  kind: "textarea",
  hint: "Posted as a comment right after publishing",
};

const FIELDS: Partial<Record<TPlatform, TFieldSpec[]>> = {
  facebook: [
    firstComment,
    { key: "title", label: "Reel title", kind: "text", formats: ["reel"] },
    { key: "link", label: "Link", kind: "text", hint: "Text-only posts: a link preview", formats: ["post"] },
  ],
  instagram: [firstComment],
  linkedin: [
    { key: "poll_question", label: "Poll question", kind: "text", formats: ["poll"] },
    { key: "poll_options", label: "Poll options", kind: "list", formats: ["poll"] },
  ],
  pinterest: [
    { key: "title", label: "Pin title", kind: "text" },
    { key: "link", label: "Link", kind: "text" },
  ],
  telegram: [
    {
      key: "parse_mode",
      label: "Parse mode",
      kind: "select",
      options: ["HTML", "MarkdownV2"],
      hint: "How Telegram formats the text",
    },
    { key: "disable_notification", label: "Send silently", kind: "checkbox" },
  ],
  youtube: [
    { key: "title", label: "Title", kind: "text" },
    { key: "privacy_status", label: "Privacy", kind: "select", options: ["public", "unlisted", "private"] },
    { key: "made_for_kids", label: "Made for kids", kind: "checkbox" },
  ],
  tiktok: [{ key: "privacy_status", label: "Privacy", kind: "select", options: TIKTOK_PRIVACY }],
  twitter: [
    {
      key: "poll_options",
      label: "Poll options",
      kind: "list",
      hint: "2 to 4 options, 25 characters each",
      formats: ["poll"],
    },
    {
      key: "poll_duration_minutes",
      label: "Poll duration (minutes)",
      kind: "number",
      hint: "5 to 10080; 1 day when empty",
      formats: ["poll"],
    },
  ],
  threads: [{ key: "topic_tag", label: "Topic tag", kind: "text" }],
};

const PLACEMENT_LABELS: Partial<Record<TPlatform, { label: string; optional?: string }>> = {
  facebook: { label: "Page" },
  linkedin: { label: "Post as", optional: "Personal profile" },
  pinterest: { label: "Board" },
  telegram: { label: "Chat" },
  google_business: { label: "Location" },
};

export const fieldsFor = (platform: TPlatform): TFieldSpec[] => {
  const rules = POST_RULES[platform];
  if (!rules) return [];
  const keys = new Set(schemaKeys(rules.params));
  const placementKey = PLACEMENT_PARAM[platform];
  const placement =
    placementKey && PLACEMENT_LABELS[platform]
      ? [{ key: placementKey, kind: "placement" as const, ...PLACEMENT_LABELS[platform] }]
      : [];
  return [
    { key: "format", label: "Format", kind: "format" as const },
    ...placement,
    ...(FIELDS[platform] ?? []),
  ].filter((f) => keys.has(f.key));
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
