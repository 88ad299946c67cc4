import { z } from "zod";
import { NetworkError, details } from "../errors";
import type { ConnectorContext, Identity, OAuthStart, ProfileAuth, TokenSet } from "../types";
import { businessApi, businessCall, mapBusinessError } from "./business-api";
import type { TikTokSettings } from "./index";

// TikTok's Authorization for Business: the API for Business (comments, business-api.ts) takes only tokens
// from its own authorization, not Login Kit's. With a Business app configured (business_app_id and
// business_app_secret), new connections go through it:
//   authorize  TikTok's authorize page (www.tiktok.com/v2/auth/authorize/) with the Business app's client
//              key and the business scopes; back to redirect_uri with `code`
//   token      POST /open_api/v1.3/tt_user/oauth2/token/ {client_id, client_secret, grant_type:
//              "authorization_code", auth_code, redirect_uri}
//   refresh    POST /open_api/v1.3/tt_user/oauth2/refresh_token/ {client_id, client_secret, grant_type:
//              "refresh_token", refresh_token} (the refresh token rotates)
//              both answer {code, message, request_id, data: {access_token, open_id, scope, expires_in,
//              refresh_token, refresh_token_expires_in, token_type}}
//   account    POST /open_api/v1.3/tt_user/token_info/get/ {app_id, access_token} -> {app_id, creator_id,
//              scope}: the token's account (its business_id), then GET /business/get/?business_id&fields=[…]
// Sources: github.com/sns-sdks/python-tiktok pytiktok/business_account_api.py and
// docs/docs/authorization/business-authorization.md; github.com/aoyagikouhei/tiktok-business
// maker/apis/get_business_get.yaml and maker/responses/account.yaml.
// The profile keeps `grant: "business"` in its metadata, so later calls know which API its token opens.

type Ctx = ConnectorContext<TikTokSettings>;

export const TIKTOK_BUSINESS_SCOPES = [
  "user.info.basic",
  "user.info.username",
  "user.info.stats",
  "user.insights",
  "video.list",
  "video.insights",
  "video.publish",
  "comment.list",
  "comment.list.manage",
];

export const BUSINESS_GRANT = "business";
export const isBusinessGrant = (auth: Pick<ProfileAuth, "metadata">) => auth.metadata.grant === BUSINESS_GRANT;

type BusinessApp = { id: string; secret: string };
export const businessAppOf = (settings: TikTokSettings): BusinessApp | null =>
  settings.business_app_id && settings.business_app_secret
    ? { id: settings.business_app_id, secret: settings.business_app_secret }
    : null;

// A Login Kit profile's token is refused by the API for Business: refused here, before any call.
export const requireBusinessGrant = (auth: Pick<ProfileAuth, "metadata">, what: string) => {
  if (isBusinessGrant(auth)) return;
  throw new NetworkError(
    "rejected",
    `TikTok ${what} go through TikTok's API for Business, which does not accept this profile's Login Kit ` +
      "authorization: reconnect the profile through TikTok's API for Business",
    details("business_grant_required", null, null),
  );
};

export const businessAuthorizeUrl = (settings: TikTokSettings, app: BusinessApp, start: OAuthStart) => {
  const url = new URL(settings.business_authorize_url);
  url.search = new URLSearchParams({
    client_key: app.id,
    scope: settings.business_scopes
      .split(/[\s,]+/)
      .filter(Boolean)
      .join(","),
    response_type: "code",
    redirect_uri: start.redirectUri,
    state: start.state,
  }).toString();
  return url.toString();
};

// Codes of the token endpoints that mean the user's grant is gone (tiktok_code.py: 40102 access token
// expired, 40103 refresh token expired, 40105 invalid access token, 40107 invalid refresh token, 40110
// auth code error). Any other refusal is about our app (wrong client id or secret, parameters): reported
// as invalid_client, so a refresh failing for it does not disconnect the profile.
const GRANT_CODES = new Set([40102, 40103, 40105, 40107, 40110]);
const mapTokenError = (failure: Parameters<typeof mapBusinessError>[0]) => {
  const err = mapBusinessError(failure);
  const code = Number(err.details.platformErrorCode);
  if (err.kind !== "rejected" && err.kind !== "auth_expired") return err;
  if (GRANT_CODES.has(code)) return new NetworkError("auth_expired", err.message, err.details);
  return new NetworkError(
    "rejected",
    err.message,
    details("invalid_client", err.details.platformErrorCode, err.details.platformErrorMessage),
  );
};

const ZToken = z.object({
  access_token: z.string().min(1),
  open_id: z.string().optional(),
  scope: z.string().optional(),
  expires_in: z.number().optional(),
  refresh_token: z.string().optional(),
});

const requestToken = async (ctx: Ctx, path: string, fields: Record<string, string>): Promise<TokenSet> => {
  const app = businessAppOf(ctx.settings);
  if (!app)
    throw new NetworkError(
      "rejected",
      "This profile is connected through TikTok's API for Business, but NETWORK_TIKTOK_BUSINESS_APP_ID and " +
        "NETWORK_TIKTOK_BUSINESS_APP_SECRET are not set on this server",
      details("invalid_client", null, null),
    );
  const data = await businessCall<unknown>(
    ctx,
    path,
    { body: { client_id: app.id, client_secret: app.secret, ...fields } },
    mapTokenError,
  );
  const token = ZToken.safeParse(data);
  if (!token.success) throw new NetworkError("outcome_unknown", "TikTok answered no access token");
  const t = token.data;
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token ?? null,
    expiresAt: typeof t.expires_in === "number" ? new Date(Date.now() + t.expires_in * 1000) : null,
    scopes: (t.scope ?? "").split(/[\s,]+/).filter(Boolean),
  };
};

export const exchangeBusinessCode = (ctx: Ctx, code: string, redirectUri: string) =>
  requestToken(ctx, "/tt_user/oauth2/token/", {
    grant_type: "authorization_code",
    auth_code: code,
    redirect_uri: redirectUri,
  });

export const refreshBusinessToken = (ctx: Ctx, auth: ProfileAuth) => {
  const refreshToken = auth.tokens?.refreshToken;
  if (!refreshToken) throw new NetworkError("auth_expired", "TikTok profile has no refresh token; reconnect it");
  return requestToken(ctx, "/tt_user/oauth2/refresh_token/", {
    grant_type: "refresh_token",
    refresh_token: refreshToken,
  });
};

const ZTokenInfo = z.object({ creator_id: z.string().min(1) });
const ZAccount = z.object({
  username: z.string().optional(),
  display_name: z.string().optional(),
  profile_image: z.string().optional(),
  is_business_account: z.boolean().optional(),
});
const ACCOUNT_FIELDS = ["username", "display_name", "profile_image", "is_business_account"];

// The token's account: its business_id from token_info, then its profile from /business/get/.
export const businessIdentity = async (ctx: Ctx, auth: ProfileAuth): Promise<Identity> => {
  const app = businessAppOf(ctx.settings);
  if (!app || !auth.tokens) throw new NetworkError("auth_expired", "TikTok profile has no access token");
  const info = ZTokenInfo.safeParse(
    await businessCall(ctx, "/tt_user/token_info/get/", {
      body: { app_id: app.id, access_token: auth.tokens.accessToken },
    }),
  );
  if (!info.success) throw new NetworkError("rejected", "TikTok returned no account for this token");
  const businessId = info.data.creator_id;
  const account = ZAccount.parse(
    await businessApi(ctx, auth, "/get/", {
      query: { business_id: businessId, fields: JSON.stringify(ACCOUNT_FIELDS) },
    }),
  );
  return {
    externalId: businessId,
    name: account.display_name || account.username || "TikTok account",
    username: account.username || null,
    avatarUrl: account.profile_image || null,
    metadata: {
      grant: BUSINESS_GRANT,
      ...(account.is_business_account !== undefined && { is_business_account: account.is_business_account }),
      connected_at: new Date().toISOString(),
    },
  };
};

// One connector method, through the API for Business for a business-grant profile and through Login Kit's
// APIs (Content Posting, Display) otherwise: each side refuses the other's token.
export const byGrant =
  <I extends { auth: ProfileAuth }, R>(
    business: (ctx: Ctx, input: I) => Promise<R>,
    loginKit: (ctx: Ctx, input: I) => Promise<R>,
  ) =>
  (ctx: Ctx, input: I): Promise<R> =>
    isBusinessGrant(input.auth) ? business(ctx, input) : loginKit(ctx, input);
