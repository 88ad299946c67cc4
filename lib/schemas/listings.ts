import { z } from "zod";

// Business listing management (API reference, tag "Google business": lib/contracts/listings.ts): every request
// names the location by `location_id` (the full accounts/{a}/locations/{l} placement path). Bodies are
// Google's own camelCase resources next to `location_id` and `fields`, so the objects are loose: the
// keys named in `fields` are read from the body as they are.

const zText = () => z.string().trim().min(1);
// `a,b`, `a&a`, `a[]=…` and JSON arrays: one list of names.
export const zNameList = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.split(",") : v),
    z.array(z.string().trim()).transform((list) => list.filter(Boolean)),
  );
const zPageSize = (max: number) => z.coerce.number().int().min(1).max(max).optional();

const base = { location_id: zText(), profile_group_id: z.string().optional() };
const paged = (max: number) => ({ page_size: zPageSize(max), page_token: z.string().optional() });

export const ZLocationQuery = z.object({
  ...base,
  read_mask: zNameList().optional().describe("comma-separated Location field paths"),
});
export const ZLocationOnlyQuery = z.object(base);
export const ZCategoriesQuery = z.object({
  ...base,
  region_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, "must be a CLDR region code such as US")
    .transform((s) => s.toUpperCase()),
  language_code: z.string().trim().min(2).default("en"),
  filter: z.string().trim().min(1).optional().describe("text the category's display name starts with"),
  view: z.enum(["BASIC", "FULL"]).default("BASIC"),
  ...paged(100),
});
export const ZPagedLocationQuery = z.object({ ...base, ...paged(2500) });
export const ZPlaceActionLinksQuery = z.object({
  ...base,
  ...paged(100),
  filter: z.string().trim().min(1).optional().describe("e.g. place_action_type=APPOINTMENT"),
});
export const ZLanguagePagedQuery = z.object({
  ...base,
  ...paged(100),
  language_code: z.string().trim().min(2).optional(),
});
export const ZItemQuery = z.object({ ...base, name: zText().describe("the item's resource name, as listed") });

// Writes. location_id is checked by the service (400 when missing, as the spec's errors table says).
const write = { location_id: zText().optional() };
const zFields = () => zNameList().pipe(z.array(z.string()).min(1, "must name at least one field"));

export const ZFieldsWriteBody = z
  .looseObject({ ...write, fields: zFields() })
  .describe("`fields` plus one key per named field (null clears it)");
export const ZReplaceBody = z.looseObject({ ...write, fields: zFields().optional() });
export const ZUpdateAttributesBody = z.object({
  ...write,
  fields: zFields().describe(
    "attribute names (has_wifi or attributes/has_wifi); one without an entry in `attributes` is removed",
  ),
  attributes: z.array(z.looseObject({ name: zText() })).default([]),
});
export const ZCreatePlaceActionLinkBody = z.object({
  ...write,
  uri: z.url(),
  placeActionType: zText(),
  isPreferred: z.boolean().optional(),
});
export const ZUpdatePlaceActionLinkBody = z.looseObject({ ...write, name: zText(), fields: zFields() });
export const ZCreateMediaBody = z.looseObject({
  ...write,
  mediaFormat: z.enum(["PHOTO", "VIDEO"]),
  locationAssociation: z.looseObject({ category: zText() }),
  sourceUrl: z.url().optional(),
  file: z
    .custom<File>((v) => typeof File !== "undefined" && v instanceof File, "must be an uploaded file")
    .optional()
    .describe("multipart only: the photo or video itself"),
});

// Responses are Google's resources unchanged.
export const ZGoogleResource = z.record(z.string(), z.unknown()).describe("Google's resource, unchanged (camelCase)");
export const ZDeletedItem = z.object({ deleted: z.literal(true), name: z.string() });
