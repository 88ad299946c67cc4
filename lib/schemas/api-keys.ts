import { z } from "zod";
import { ZEnvironment, zIdParams } from "./common";

export const ZApiKeyParams = zIdParams("key");

export const ZCreateApiKeyBody = z.object({
  // Required by the service, which answers the spec's 422 "Profile group not found" when it is missing.
  profile_group_id: z.string({ error: "profile_group_id must be a string" }).optional(),
  name: z
    .string({ error: "name must be a string" })
    .trim()
    .max(100, "Name is too long (maximum is 100 characters)")
    .optional(),
});
export type TCreateApiKeyBody = z.infer<typeof ZCreateApiKeyBody>;

export const ZApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    profile_group_id: z.string(),
    sandbox: z.boolean(),
    token_hint: z.string().describe("last 4 characters of the token, for recognising it"),
    created_at: z.iso.datetime(),
    token: z.string().optional().describe("present only in the create response"),
  })
  .meta({ id: "ApiKey" });
export type TApiKey = z.infer<typeof ZApiKey>;

// Admin-only: account-wide keys (the public API never creates or lists them).
export const ZCreateAccountKeyBody = z.object({
  environment: ZEnvironment,
  name: z.string().trim().min(1, "Name can't be blank").max(100, "Name is too long (maximum is 100 characters)"),
});
export type TCreateAccountKeyBody = z.infer<typeof ZCreateAccountKeyBody>;

export const ZAccountKey = z
  .object({
    id: z.string(),
    name: z.string(),
    sandbox: z.boolean(),
    token_hint: z.string(),
    created_at: z.iso.datetime(),
    token: z.string().optional(),
  })
  .meta({ id: "AccountKey" });
export type TAccountKey = z.infer<typeof ZAccountKey>;
