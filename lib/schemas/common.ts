import { z } from "zod";

// Isomorphic schemas (no server imports): shared by routes, admin forms and the OpenAPI document.

const ID_BODY = "[1-9A-HJ-NP-Za-km-z]{16}";
export const zId = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_${ID_BODY}$`));
export const zIdParams = (prefix: string) => z.object({ id: zId(prefix) });

export const ZEnvironment = z.enum(["live", "sandbox"]);
export type TEnvironment = z.infer<typeof ZEnvironment>;

export const PLATFORMS = [
  "facebook",
  "instagram",
  "tiktok",
  "linkedin",
  "youtube",
  "twitter",
  "threads",
  "pinterest",
  "bluesky",
  "telegram",
  "google_business",
  "whatsapp",
] as const;
export const ZPlatform = z.enum(PLATFORMS);
export type TPlatform = z.infer<typeof ZPlatform>;

export const ZDeleted = z.object({ deleted: z.boolean() }).meta({ id: "Deleted" });

export const ZErrorBody = z.object({ error: z.string() }).meta({ id: "Error" });
export const ZValidationErrorBody = z
  .object({ errors: z.array(z.string()), error: z.string() })
  .meta({ id: "ValidationError" });
export const ZBadRequestBody = z
  .object({ status: z.literal(400), error: z.string(), message: z.string() })
  .meta({ id: "BadRequest" });

// Clients send either {resource: {...}} (node, java, n8n) or the bare fields (rb, php).
export const unwrap = (key: string) => (input: unknown) =>
  input && typeof input === "object" && key in input && typeof (input as Record<string, unknown>)[key] === "object"
    ? (input as Record<string, unknown>)[key]
    : input;

// Instants the database can store and clients can mean: 0001-01-01 to 9999-12-31 (UTC). PostgreSQL has
// no year 0 and JavaScript dates end in year 275760; an offset pushing a boundary value over is refused too.
const MIN_INSTANT = Date.parse("0001-01-01T00:00:00Z");
const MAX_INSTANT = Date.parse("9999-12-31T23:59:59.999Z");
export const isStorableInstant = (value: string | Date): boolean => {
  const ms = typeof value === "string" ? Date.parse(value) : value.getTime();
  return Number.isFinite(ms) && ms >= MIN_INSTANT && ms <= MAX_INSTANT;
};
const RANGE_MESSAGE = "must be between 0001-01-01 and 9999-12-31";

// A query's ISO 8601 instant as the list filters read it: a bare date is the start of that UTC day, a
// time without an offset is UTC.
export const utcInstant = (value: string) =>
  new Date(
    /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? `${value}T00:00:00Z`
      : /[zZ]|[+-]\d{2}:?\d{2}$/.test(value)
        ? value
        : `${value}Z`,
  );
// The storable range for a query instant read with `utcInstant`: outside it is the parameter's 400, never a
// database range error.
export const storableQueryInstant = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((value) => isStorableInstant(utcInstant(value)), RANGE_MESSAGE);

// An ISO 8601 timestamp with an offset (`Z` or `+02:00`), within the storable range.
export const zTimestamp = (error?: string) =>
  z.iso.datetime({ offset: true, ...(error && { error }) }).refine(isStorableInstant, RANGE_MESSAGE);
// An ISO 8601 date (a whole UTC day), within the storable range.
export const zDay = (error?: string) =>
  z.iso.date(error ? { error } : undefined).refine((d) => isStorableInstant(`${d}T00:00:00Z`), RANGE_MESSAGE);
// A 4-byte PostgreSQL integer id.
export const MAX_INT4 = 2_147_483_647;
