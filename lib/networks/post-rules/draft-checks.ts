import { z } from "zod";
import { booleanFromString } from "@/lib/schemas/boolean-string";
import { bodyLengthIssues, graphemeLength, mediaIssues, type DraftMedia, type FormatLimits, type PostDraft } from ".";

// Building blocks for the networks' post rules (twitter, bluesky, telegram, google_business, pinterest).
//
// Params (zod): the posts service shows a zod issue as `<field>: <message>`, so messages here leave the
// field out ("must be true or false"). What multipart forms and SDKs send is normalised first
// (multipart forms, SDKs): null and "" mean absent, numbers and booleans arrive as strings ("5",
// "True" from Python), arrays may arrive as JSON text. Lengths are not checked here but in `validate`,
// which counts code points or graphemes and names the entry ("poll_options[2] is too long (…)").

const absent = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const orUndefined = (v: unknown) => (absent(v) ? undefined : v);

// An optional string, trimmed; blank means absent.
export const zText = () => z.preprocess(orUndefined, z.string({ error: "must be a string" }).trim().optional());

// A required id (chat_id, location_id, board_id): JSON clients may send a number (telegram's -100…).
export const zId = () =>
  z.preprocess(
    (v) => (typeof v === "number" || typeof v === "bigint" ? String(v) : v === null ? undefined : v),
    z.string({ error: "must be a string" }).trim().min(1, "can't be blank"),
  );

// One of `values`, matched case-insensitively and returned in its canonical spelling ("markdownv2" ->
// "MarkdownV2", "call" -> "CALL"); blank means absent.
export const zChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => {
      if (absent(v)) return undefined;
      if (typeof v !== "string") return v;
      return values.find((option) => option.toLowerCase() === v.trim().toLowerCase()) ?? v;
    },
    z.enum(values, { error: `must be one of ${values.join(", ")}` }).optional(),
  );

// A boolean, or a boolean string (booleanFromString: "true"/"false"/"1"/"0", any case). Absent gives `fallback`.
export const zFlag = (fallback: boolean) =>
  z.preprocess(
    (v) => {
      if (absent(v)) return fallback;
      return booleanFromString(v);
    },
    z.boolean({ error: "must be true or false" }),
  );

// An optional whole number in [min, max]; numeric strings accepted (multipart).
export const zInt = (min: number, max: number, unit = "") => {
  const range = `must be between ${min.toLocaleString("en")} and ${max.toLocaleString("en")}${unit}`;
  return z.preprocess(
    (v) => (absent(v) ? undefined : typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(min, range)
      .max(max, range)
      .optional(),
  );
};

// An optional list of strings: an array, or the JSON text of one (SDKs that stringify arrays).
export const zTextList = () =>
  z.preprocess(
    (v) => {
      if (absent(v)) return undefined;
      if (typeof v === "string" && v.trim().startsWith("[")) {
        try {
          return JSON.parse(v) as unknown;
        } catch {
          return v;
        }
      }
      return v;
    },
    z.array(z.string({ error: "must be a string" }), { error: "must be a list of strings" }).optional(),
  );

// `alt_text`: one text for every media item, or a list with one text per media item, in order.
export const zAltText = () =>
  z.preprocess(
    orUndefined,
    z.union([z.string(), z.array(z.string())], { error: "must be a string or a list of strings" }).optional(),
  );

export const zUrl = (protocols: "http" | "https") =>
  z.preprocess(
    orUndefined,
    z
      .url({
        protocol: protocols === "https" ? /^https$/ : /^https?$/,
        error: protocols === "https" ? "must be an https URL" : "must be an http or https URL",
      })
      .optional(),
  );

// YYYY-MM-DD (a real calendar date) and HH:MM (24-hour).
export const zDate = () => z.preprocess(orUndefined, z.iso.date({ error: "must be a date (YYYY-MM-DD)" }).optional());
export const zTime = () => zPattern(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time (HH:MM, 24-hour)");

// An optional trimmed string matching `pattern`; blank means absent.
export const zPattern = (pattern: RegExp, message: string) =>
  z.preprocess(
    orUndefined,
    z.string({ error: "must be a string" }).trim().regex(pattern, { error: message }).optional(),
  );

// ---- validate ----

export type Counting = "characters" | "graphemes";
const lengthOf = (text: string, counting: Counting) =>
  counting === "graphemes" ? graphemeLength(text) : [...text].length;

export const tooLong = (
  field: string,
  text: string | undefined,
  max: number,
  counting: Counting = "characters",
): string[] => {
  if (text === undefined) return [];
  const length = lengthOf(text, counting);
  return length > max ? [`${field} is too long (${length} ${counting}, maximum ${max})`] : [];
};

// The placement must be one the profile knows (placements are synced when connecting and refreshed later).
export const placementIssues = (
  field: string,
  id: string | undefined,
  placementIds: (string | null)[],
  what: string,
  hint = "",
): string[] => {
  if (id === undefined) return [`${field} is required`];
  return placementIds.includes(id) ? [] : [`${field} must be one of the profile's ${what}${hint}`];
};

export const threadRefused = (network: string, thread: PostDraft<unknown>["thread"]): string[] =>
  thread.length > 0 ? [`thread is not supported on ${network}`] : [];

export const bodyOrMedia = (body: string, media: DraftMedia[], field = "body"): string[] =>
  body.trim() === "" && media.length === 0 ? [`${field} is required when there is no media`] : [];

// GIFs count as images in mediaIssues; formats whose image types leave gif out refuse them here.
export const gifIssues = (media: DraftMedia[], limits: FormatLimits, field = "media"): string[] =>
  media.some((m) => m.kind === "gif") && !limits.image?.types.includes("gif")
    ? [`${field}: GIFs are not supported here`]
    : [];

// Body length and media of one post (the root or a chain entry).
export const postIssues = (body: string, media: DraftMedia[], limits: FormatLimits, prefix = ""): string[] => [
  ...bodyLengthIssues(body, limits, `${prefix}body`),
  ...mediaIssues(media, limits, `${prefix}media`),
  ...gifIssues(media, limits, `${prefix}media`),
];

// Every chain entry against the format's limits, named `thread[i].body` / `thread[i].media`.
export const chainIssues = (
  thread: PostDraft<unknown>["thread"],
  limits: FormatLimits,
  extra?: (entry: { body: string; media: DraftMedia[] }, prefix: string) => string[],
): string[] =>
  thread.flatMap((entry, i) => {
    const prefix = `thread[${i}].`;
    return [
      ...postIssues(entry.body, entry.media, limits, prefix),
      ...bodyOrMedia(entry.body, entry.media, `${prefix}body`),
      ...(extra?.(entry, prefix) ?? []),
    ];
  });

// alt_text against the media it describes: a list may not have more entries than there are media items,
// and each text is at most `maxFor(item)` long (the item is undefined for a single text covering all).
export const altTextIssues = (
  alt: string | string[] | undefined,
  media: DraftMedia[],
  maxFor: (item: DraftMedia | undefined) => number,
  counting: Counting = "characters",
): string[] => {
  if (alt === undefined) return [];
  if (typeof alt === "string") {
    const max = Math.min(...(media.length > 0 ? media.map(maxFor) : [maxFor(undefined)]));
    return tooLong("alt_text", alt, max, counting);
  }
  const issues =
    alt.length > media.length
      ? [
          `alt_text has ${alt.length} entries but the post has ${media.length} media item${media.length === 1 ? "" : "s"}`,
        ]
      : [];
  alt.forEach((text, i) => issues.push(...tooLong(`alt_text[${i}]`, text, maxFor(media[i]), counting)));
  return issues;
};

// A parameter set on a format it does not apply to.
export const notOn = (params: Record<string, unknown>, keys: readonly string[], where: string): string[] =>
  keys.filter((key) => params[key] !== undefined).map((key) => `${key} ${where}`);
