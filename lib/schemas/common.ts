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
