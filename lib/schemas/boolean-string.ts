import { z } from "zod";

// Booleans as multipart forms, query strings and SDKs send them: "true"/"false"/"1"/"0", in any case and
// with surrounding spaces ("True" from Python). The one parser of boolean strings in the project.

/** The strings zBooleanString documents (OpenAPI) and accepts, lower case. */
export const BOOLEAN_STRINGS = ["true", "false", "1", "0"] as const;

/** A recognised boolean string becomes a boolean; anything else is returned unchanged for the schema to refuse. */
export const booleanFromString = (value: unknown): unknown => {
  if (typeof value !== "string") return value;
  const text = value.trim().toLowerCase();
  if (text === "true" || text === "1") return true;
  if (text === "false" || text === "0") return false;
  return value;
};

/** A boolean or one of BOOLEAN_STRINGS (request fields of the API; the strings show in the OpenAPI document). */
export const zBooleanString = () =>
  z.union([z.boolean(), z.enum(BOOLEAN_STRINGS).transform((text) => booleanFromString(text) as boolean)]);
