import { z } from "zod";
import { NetworkError } from "../errors";
import { formBody, readJson } from "../http";
import type { ConnectorContext, OAuthFlow, ProfileAuth, TokenSet } from "../types";
import { googleReads, mapGoogleError } from "./errors";

// Google OAuth 2.0 for web server apps, shared by youtube and google_business: authorization code with
// PKCE (S256) and the client secret, offline access (a refresh token), `prompt=consent` so a reconnect
// gets a fresh refresh token too, and incremental authorization. Access tokens live 1 h; a refresh
// usually returns no new refresh token, so the stored one is kept.

export const googleScope = (name: string) => `https://www.googleapis.com/auth/${name}`;

// NETWORK_<PLATFORM>_CLIENT_ID / _CLIENT_SECRET / _ACCOUNTS_URL / _OAUTH2_URL.
export const googleOAuthSettings = {
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  accounts_url: z.url().default("https://accounts.google.com"), // consent screen: /o/oauth2/v2/auth
  oauth2_url: z.url().default("https://oauth2.googleapis.com"), // token endpoint: /token
};
export type GoogleOAuthSettings = {
  client_id: string;
  client_secret: string;
  accounts_url: string;
  oauth2_url: string;
};
type Ctx = ConnectorContext<GoogleOAuthSettings>;

export const at = (base: string, path: string) => `${base.replace(/\/+$/, "")}${path}`;

const ZToken = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().optional(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
});

// POST {oauth2_url}/token. A 5xx here is outcome_unknown: a code may have been spent, and a failed
// refresh is retried on the next round rather than disconnecting the profile.
const tokenRequest = async (ctx: Ctx, fields: Record<string, string | undefined>): Promise<TokenSet> => {
  const res = await ctx.fetch(at(ctx.settings.oauth2_url, "/token"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: formBody({ client_id: ctx.settings.client_id, client_secret: ctx.settings.client_secret, ...fields }),
  });
  const parsed = ZToken.safeParse(await readJson({ mapError: (f) => mapGoogleError(f) }, res));
  if (!parsed.success)
    throw new NetworkError("outcome_unknown", "Google's token endpoint answered without an access token");
  const body = parsed.data;
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? null,
    expiresAt: body.expires_in === undefined ? null : new Date(Date.now() + body.expires_in * 1000),
    scopes: body.scope?.split(/\s+/).filter(Boolean) ?? [],
  };
};

// The consent screen lets the user untick permissions (granular consent); without these the
// connection is useless, so it fails now with a message saying so.
const checkGranted = (tokens: TokenSet, required: string[]) => {
  if (!tokens.scopes?.length) return; // Google always lists the granted scopes; trust a token without
  const missing = required.filter((s) => !tokens.scopes?.includes(s));
  if (missing.length > 0) {
    throw new NetworkError(
      "rejected",
      `Google did not grant the permissions this service needs (${missing.join(", ")}). Connect again and keep every permission ticked.`,
      { platformErrorCode: "insufficient_scopes", platformErrorSubcode: null, platformErrorMessage: null },
    );
  }
};

export const googleOAuthFlow = <S extends GoogleOAuthSettings>({
  scopes,
  required,
}: {
  scopes: string[];
  required: string[];
}): OAuthFlow<S> => ({
  kind: "oauth",
  authorizeUrl: ({ settings }, start) => {
    const url = new URL(at(settings.accounts_url, "/o/oauth2/v2/auth"));
    url.search = new URLSearchParams({
      client_id: settings.client_id,
      redirect_uri: start.redirectUri,
      response_type: "code",
      scope: scopes.join(" "),
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
      state: start.state,
      code_challenge: start.codeChallenge,
      code_challenge_method: "S256",
    }).toString();
    return url.toString();
  },
  exchangeCode: async (ctx, { code, redirectUri, codeVerifier }) => {
    const tokens = await tokenRequest(ctx, {
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier || undefined,
    });
    checkGranted(tokens, required);
    return tokens;
  },
});

export const refreshGoogleToken = async (ctx: Ctx, auth: ProfileAuth): Promise<TokenSet> => {
  const refreshToken = auth.tokens?.refreshToken;
  if (!refreshToken)
    throw new NetworkError("auth_expired", "No Google refresh token is stored; connect the account again");
  const tokens = await tokenRequest(ctx, { grant_type: "refresh_token", refresh_token: refreshToken });
  return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
};

// GET with the profile's access token; the answer is validated, and errors map as reads (see errors.ts).
export const googleGet = async <T>(
  ctx: { fetch: typeof fetch },
  url: URL,
  auth: ProfileAuth,
  schema: z.ZodType<T>,
  what: string,
): Promise<T> => {
  const token = auth.tokens?.accessToken;
  if (!token) throw new NetworkError("auth_expired", "No Google access token is stored");
  const res = await ctx.fetch(url, { headers: { authorization: `Bearer ${token}`, accept: "application/json" } });
  const parsed = schema.safeParse(await readJson(googleReads, res));
  if (!parsed.success) throw new NetworkError("outcome_unknown", `Unexpected answer from Google (${what})`);
  return parsed.data;
};
