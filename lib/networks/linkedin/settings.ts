import { z } from "zod";
import { NetworkError } from "../errors";
import type { ConnectorContext, ProfileAuth } from "../types";

export const LINKEDIN_DEFAULT_SCOPES = [
  "openid",
  "profile",
  "email",
  "w_member_social",
  "r_organization_social",
  "w_organization_social",
  "rw_organization_admin",
];

// NETWORK_LINKEDIN_*: the app's keys, one base URL per LinkedIn host, the pinned API version.
export const ZLinkedInSettings = z.object({
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  web_url: z.url().default("https://www.linkedin.com"), // authorize + token
  api_url: z.url().default("https://api.linkedin.com"), // /v2/userinfo, /rest/*
  version: z
    .string()
    .regex(/^\d{6}(\.\d{2})?$/, "must be YYYYMM")
    .default("202609"), // LinkedIn-Version; sunset after about a year
  scopes: z.string().default(LINKEDIN_DEFAULT_SCOPES.join(" ")),
});
export type LinkedInSettings = z.infer<typeof ZLinkedInSettings>;
export type LinkedInCtx = ConnectorContext<LinkedInSettings>;

export const at = (base: string, path: string) => `${base.replace(/\/+$/, "")}${path}`;
export const scopeList = (value: string) => value.split(/[\s,]+/).filter(Boolean);

export const bearer = (auth: ProfileAuth) => {
  if (!auth.tokens) throw new NetworkError("auth_expired", "LinkedIn profile has no access token");
  return `Bearer ${auth.tokens.accessToken}`;
};

// Every versioned (/rest) call carries these; LinkedIn refuses a call without them.
export const restHeaders = (ctx: LinkedInCtx, auth: ProfileAuth) => ({
  authorization: bearer(auth),
  "linkedin-version": ctx.settings.version,
  "x-restli-protocol-version": "2.0.0",
});
