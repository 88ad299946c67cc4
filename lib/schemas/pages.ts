import { z } from "zod";
import { zNameList } from "./listings";

// Facebook page management (API reference, tag "Facebook pages": lib/contracts/pages.ts, and "Facebook page
// fields"). The field names are the spec's (Graph's own).

export const PAGE_FIELDS = [
  "id",
  "name",
  "username",
  "link",
  "category",
  "fan_count",
  "followers_count",
  "about",
  "description",
  "general_info",
  "company_overview",
  "mission",
  "products",
  "founded",
  "website",
  "phone",
  "emails",
  "impressum",
  "price_range",
] as const;
export const PAGE_UPDATABLE = [
  "about",
  "description",
  "general_info",
  "company_overview",
  "mission",
  "products",
  "founded",
  "website",
  "phone",
  "emails",
  "impressum",
  "price_range",
] as const;
export const PRICE_RANGES = ["$", "$$", "$$$", "$$$$", "Unspecified"] as const;
export const ABOUT_MAX = 255;

export const ZPageQuery = z.object({
  page_id: z.string().trim().min(1),
  fields: zNameList()
    .pipe(z.array(z.enum(PAGE_FIELDS, { error: `must be among ${PAGE_FIELDS.join(", ")}` })))
    .optional()
    .describe("comma-separated; default: every field of the spec's set"),
  profile_group_id: z.string().optional(),
});

const zText = () => z.string().trim().optional();

// page_id, "at least one field" and `about` <= 255 are checked by the service (400, as the spec's errors
// table says); the rest here (422).
export const ZUpdatePageBody = z.object({
  page_id: z.string().trim().min(1).optional(),
  about: zText(),
  description: zText(),
  general_info: zText(),
  company_overview: zText(),
  mission: zText(),
  products: zText(),
  founded: zText(),
  website: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(/\s+/)).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/, error: "must be http(s) URLs, space-separated when several" })))
    .transform((urls) => urls.join(" "))
    .optional()
    .describe("one URL, several space-separated, or an array"),
  phone: zText(),
  emails: z.array(z.email()).optional(),
  impressum: zText(),
  price_range: z.enum(PRICE_RANGES).optional(),
});
export type TUpdatePageBody = z.infer<typeof ZUpdatePageBody>;

export const ZPage = z
  .record(z.string(), z.unknown())
  .describe("the page's fields as Graph names them; fields the page never set are absent");
