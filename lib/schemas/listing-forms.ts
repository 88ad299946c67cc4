import { z } from "zod";
import { ABOUT_MAX, PRICE_RANGES } from "./pages";

// The admin's listing and page editors (components/listings): what each form holds before it is turned
// back into Google's or Graph's fields. The API checks the same rules again (Google's own: a title, an
// http(s) website, at most 2 additional phones; the page's: about <= 255, price_range, emails).

export const DAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;
export type TDay = (typeof DAYS)[number];

const zCategory = z.object({ name: z.string().min(1), displayName: z.string() });
const zOptionalUrl = z.union([z.literal(""), z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })]);
const phoneList = (text: string) =>
  text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

// Google's ServiceAreaBusiness.businessType values (with a storefront address, or only at the customer's).
export const SERVICE_BUSINESS_TYPES = ["CUSTOMER_AND_BUSINESS_LOCATION", "CUSTOMER_LOCATION_ONLY"] as const;
// A service area's places, one a line as "name | place id"; null for a line that is not.
const placeLines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const m = /^(.+?)\s*\|\s*(\S+)$/.exec(l);
      return m ? { placeName: m[1]!, placeId: m[2]! } : null;
    });
export const placesOf = (text: string) =>
  placeLines(text).filter((p): p is { placeName: string; placeId: string } => p !== null);

export const ZLocationDetailsForm = z
  .object({
    title: z.string().trim().min(1, "The business name is required"),
    primaryPhone: z.string().trim(),
    additionalPhones: z.string().refine((v) => phoneList(v).length <= 2, "At most 2 additional phone numbers"),
    websiteUri: zOptionalUrl,
    description: z.string().trim().max(750, "At most 750 characters"),
    primaryCategory: zCategory.nullable(),
    additionalCategories: z.array(zCategory).max(9, "At most 9 additional categories"),
    addressLines: z.string(),
    locality: z.string().trim(),
    administrativeArea: z.string().trim(),
    postalCode: z.string().trim(),
    regionCode: z
      .string()
      .trim()
      .regex(/^([A-Z]{2})?$/, "A two-letter country code (US, DE, …)"),
    serviceBusinessType: z.enum(["", ...SERVICE_BUSINESS_TYPES]),
    servicePlaces: z
      .string()
      .refine(
        (v) => placeLines(v).every((p) => p !== null),
        "Each place needs its name and its Google place ID, as name | place ID",
      ),
  })
  .superRefine((v, ctx) => {
    if (v.serviceBusinessType === "" && placeLines(v.servicePlaces).length > 0)
      ctx.addIssue({
        code: "custom",
        path: ["serviceBusinessType"],
        message: "Pick how customers are served to keep a service area",
      });
    if (v.serviceBusinessType === "CUSTOMER_LOCATION_ONLY" && v.addressLines.trim())
      ctx.addIssue({
        code: "custom",
        path: ["serviceBusinessType"],
        message:
          "A business that only visits customers has no street address: clear it, or serve customers at the address too",
      });
    if (!v.primaryCategory)
      ctx.addIssue({ code: "custom", path: ["primaryCategory"], message: "Pick a primary category" });
  });
export type TLocationDetailsForm = z.infer<typeof ZLocationDetailsForm>;
export const phonesOf = phoneList;

const zTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HH:MM");
export const ZHoursForm = z.object({
  periods: z.array(z.object({ day: z.enum(DAYS), opens: zTime, closes: zTime })),
  special: z.array(
    z
      .object({
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD"),
        closed: z.boolean(),
        opens: z.string(),
        closes: z.string(),
      })
      .refine((s) => s.closed || (zTime.safeParse(s.opens).success && zTime.safeParse(s.closes).success), {
        message: "Opening and closing times (HH:MM), or closed",
        path: ["opens"],
      }),
  ),
});
export type THoursForm = z.infer<typeof ZHoursForm>;

// More hours (delivery, takeout, …): one row per type, day and time range.
export const ZMoreHoursForm = z.object({
  rows: z.array(z.object({ type: z.string().min(1, "Pick a type"), day: z.enum(DAYS), opens: zTime, closes: zTime })),
});
export type TMoreHoursForm = z.infer<typeof ZMoreHoursForm>;

const emailList = (text: string) =>
  text
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
export const ZPageForm = z.object({
  about: z
    .string()
    .trim()
    .refine((v) => [...v].length <= ABOUT_MAX, `At most ${ABOUT_MAX} characters`),
  description: z.string().trim(),
  general_info: z.string().trim(),
  company_overview: z.string().trim(),
  mission: z.string().trim(),
  products: z.string().trim(),
  founded: z.string().trim(),
  website: z.string().refine(
    (v) =>
      v
        .split(/\s+/)
        .filter(Boolean)
        .every((u) => zOptionalUrl.safeParse(u).success),
    "http(s) URLs, separated by spaces",
  ),
  phone: z.string().trim(),
  emails: z
    .string()
    .refine((v) => emailList(v).every((e) => z.email().safeParse(e).success), "Email addresses, one per line"),
  impressum: z.string().trim(),
  price_range: z.union([z.literal(""), z.enum(PRICE_RANGES)]),
});
export type TPageForm = z.infer<typeof ZPageForm>;
export const emailsOf = emailList;
