import { z } from "zod";
import { booleanFromString } from "@/lib/schemas/boolean-string";
import { mediaIssues, type DraftMedia, type FormatLimits } from ".";
import { gifIssues } from "./draft-checks";

// More building blocks, used by the facebook, instagram, threads, linkedin, tiktok and youtube rules (the
// basics are in draft-checks.ts). Same conventions: zod messages leave the field out (the posts service
// shows `<field>: <message>`), null and "" mean absent, multipart sends every value as a string.

const absent = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

// An optional boolean with no default, or a boolean string (booleanFromString).
export const zMaybeFlag = () =>
  z.preprocess(
    (v) => {
      if (absent(v)) return undefined;
      return booleanFromString(v);
    },
    z.boolean({ error: "must be true or false" }).optional(),
  );

// An optional number (user tag coordinates); numeric strings accepted. Ranges are checked in `validate`.
export const zNumber = () =>
  z.preprocess(
    (v) => (absent(v) ? undefined : typeof v === "string" && Number.isFinite(Number(v)) ? Number(v) : v),
    z.number({ error: "must be a number" }).optional(),
  );

// One of a few whole numbers (linkedin poll_duration_days: 1, 3, 7 or 14); numeric strings accepted.
export const zIntChoice = <const T extends readonly [number, ...number[]]>(values: T) =>
  z.preprocess(
    (v) => (absent(v) ? undefined : typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.literal(values, { error: `must be ${values.slice(0, -1).join(", ")} or ${values.at(-1)}` }).optional(),
  );

// Milliseconds into a video (thumb_offset): the spec's type is a string; a number is accepted too.
export const zMillis = () =>
  z.preprocess(
    (v) =>
      absent(v)
        ? undefined
        : typeof v === "number" && Number.isInteger(v) && v >= 0
          ? String(v)
          : typeof v === "string"
            ? v.trim()
            : v,
    z
      .string({ error: "must be a whole number of milliseconds" })
      .regex(/^\d+$/, "must be a whole number of milliseconds")
      .optional(),
  );

// ISO 3166-1 alpha-2 codes: an array or a comma-separated string, any case -> upper-case, without
// duplicates. Which codes a network accepts is checked in `validate` (linkedin's allowlist).
export const zCountries = () =>
  z.preprocess(
    (v) => {
      if (absent(v)) return undefined;
      const items = typeof v === "string" ? v.split(",") : v;
      if (!Array.isArray(items)) return v;
      const codes = items
        .map((c: unknown) => (typeof c === "string" ? c.trim().toUpperCase() : c))
        .filter((c) => c !== "");
      return [...new Set(codes)];
    },
    z
      .array(
        z
          .string({ error: "must be a country code" })
          .regex(/^[A-Z]{2}$/, { error: (iss) => `${String(iss.input)} is not an ISO 3166-1 alpha-2 country code` }),
        { error: "must be a list of ISO 3166-1 alpha-2 country codes (an array or a comma-separated string)" },
      )
      .optional(),
  );

// An uploaded file part (`platforms[<network>][cover_file]`, multipart: lib/api/multipart.ts): a File/Blob as the
// multipart parser gives it, or a string reference to the stored upload; the rules only check presence.
export const zUpload = () =>
  z.preprocess(
    (v) => (absent(v) ? undefined : v),
    z.union([z.string(), z.instanceof(Blob)], { error: "must be an uploaded file" }).optional(),
  );

// Media against a format's limits, saying which format needs it ("media is required for reel").
export const formatMediaIssues = (
  media: DraftMedia[],
  limits: FormatLimits,
  format: string,
  field = "media",
): string[] => [
  ...(limits.mediaRequired && media.length === 0 ? [`${field} is required for ${format}`] : []),
  ...mediaIssues(media, { ...limits, mediaRequired: false }, field),
  ...gifIssues(media, limits, field),
];

export const isImage = (item: DraftMedia | undefined) => item?.kind === "image" || item?.kind === "gif";
