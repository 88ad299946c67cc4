import { z } from "zod";
import { NetworkError } from "../errors";
import { formBody, readJson } from "../http";
import { tiktokMeta } from "./meta";
import type { ConnectorContext, NetworkConnector, TokenSet } from "../types";
import {
  TIKTOK_BUSINESS_SCOPES,
  businessAppOf,
  businessAuthorizeUrl,
  businessIdentity,
  exchangeBusinessCode,
  isBusinessGrant,
  byGrant,
  refreshBusinessToken,
} from "./business-auth";
import { businessFindPublished, businessPublish } from "./business-publish";
import { businessPostStats, businessProfileStats } from "./business-stats";
import { tiktokComments, tiktokCommentSync } from "./comments";
import { mapTikTokError } from "./errors";
import { TIKTOK_NEW_PROFILES_FROM } from "./post-rules";
import { findPublished, publish } from "./publish";
import { postStats, profileStats } from "./stats";

// TikTok through Login Kit v2 (web) and the open API at open.tiktokapis.com. Web apps do not use PKCE
// (TikTok asks for it from desktop and mobile apps only, with its own hex encoding), so the state alone
// protects the redirect. Access tokens live 24 h; every refresh rotates the refresh token (365 days).

// user.info.profile is what returns `username` (TikTok moved the field out of user.info.basic in 2024);
// post URLs and the profile's handle need it. Without it granted, the profile has no username.
// user.info.stats gives the follower, like and video counts of the profile stats.
export const TIKTOK_DEFAULT_SCOPES = [
  "user.info.basic",
  "user.info.profile",
  "user.info.stats",
  "video.publish",
  "video.upload",
  "video.list",
];

const scopeList = (value: string) => value.split(/[\s,]+/).filter(Boolean);

export const ZTikTokSettings = z
  .object({
    client_key: z.string().min(1),
    client_secret: z.string().min(1),
    web_url: z.url().default("https://www.tiktok.com"), // Login Kit authorize page
    api_url: z.url().default("https://open.tiktokapis.com"), // token, user info, content posting
    business_api_url: z.url().default("https://business-api.tiktok.com"), // API for Business: comments
    scopes: z.string().default(TIKTOK_DEFAULT_SCOPES.join(",")),
    // A Business app (TikTok for Business developer portal): when both are set, new connections go through
    // TikTok's Authorization for Business (business-auth.ts), whose tokens the API for Business accepts.
    // Unset: Login Kit, and no comments (the API for Business refuses Login Kit tokens).
    business_app_id: z.string().min(1).optional(),
    business_app_secret: z.string().min(1).optional(),
    business_authorize_url: z.url().default("https://www.tiktok.com/v2/auth/authorize/"),
    business_scopes: z.string().default(TIKTOK_BUSINESS_SCOPES.join(",")),
    // How videos reach TikTok: FILE_UPLOAD (our bytes, PUT in chunks to TikTok's upload URL; works
    // everywhere) or PULL_FROM_URL (TikTok fetches our hosted copy; the media domain must be verified in
    // the TikTok developer portal). Photo posts are always PULL_FROM_URL: TikTok takes photos no other way.
    video_source: z.enum(["FILE_UPLOAD", "PULL_FROM_URL"]).default("FILE_UPLOAD"),
    // FILE_UPLOAD chunk size: TikTok takes 5 to 64 MB per chunk (a smaller video goes whole).
    upload_chunk_bytes: z.coerce
      .number()
      .int()
      .min(5 * 1024 * 1024)
      .max(64 * 1024 * 1024)
      .default(10 * 1024 * 1024),
  })
  .refine((s) => !s.business_app_id === !s.business_app_secret, {
    message: "business_app_id and business_app_secret go together",
    path: ["business_app_secret"],
  });
export type TikTokSettings = z.infer<typeof ZTikTokSettings>;
type Ctx = ConnectorContext<TikTokSettings>;

const at = (base: string, path: string) => `${base.replace(/\/+$/, "")}${path}`;

type TokenResponse = {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_expires_in?: number;
  open_id?: string;
  scope?: string;
  error?: string;
};

// POST /v2/oauth/token/ (form). An OAuth error can arrive with HTTP 200, so a body without a token goes
// through the error mapping whatever the status.
const requestToken = async (ctx: Ctx, fields: Record<string, string>): Promise<TokenSet> => {
  const res = await ctx.fetch(at(ctx.settings.api_url, "/v2/oauth/token/"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "cache-control": "no-cache" },
    body: formBody({ client_key: ctx.settings.client_key, client_secret: ctx.settings.client_secret, ...fields }),
  });
  const body = await readJson<TokenResponse>(tiktokConnector, res);
  if (!body?.access_token) throw mapTikTokError({ status: body?.error ? 400 : 502, body, headers: res.headers });
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? null,
    expiresAt: typeof body.expires_in === "number" ? new Date(Date.now() + body.expires_in * 1000) : null,
    scopes: body.scope ? scopeList(body.scope) : [],
  };
};

type UserInfo = {
  data?: {
    user?: { open_id?: string; union_id?: string; avatar_url?: string; display_name?: string; username?: string };
  };
  error?: { code?: string };
};

export const tiktokConnector: NetworkConnector<TikTokSettings> = {
  platform: "tiktok",
  displayName: tiktokMeta.displayName,
  settings: ZTikTokSettings,
  // Comments exist for profiles connected on or after 2026-09-30 only, through TikTok's API for Business
  // with the profile's own token (comments.ts): polled, and written (comment, reply, delete, hide, like,
  // pin) with a read-back of the comment list after an unanswered attempt. The API for Business takes only
  // tokens from its own authorization, so only profiles connected through it (business-auth.ts, when the
  // server has a Business app) have them; a Login Kit profile's writes are refused asking to reconnect.
  comments: { connectedFrom: TIKTOK_NEW_PROFILES_FROM, announcesCreated: true, ...tiktokComments },
  commentSync: tiktokCommentSync,
  auth: {
    kind: "oauth",
    authorizeUrl: (ctx, start) => {
      const app = businessAppOf(ctx.settings);
      if (app) return businessAuthorizeUrl(ctx.settings, app, start);
      const url = new URL(at(ctx.settings.web_url, "/v2/auth/authorize/"));
      url.search = new URLSearchParams({
        client_key: ctx.settings.client_key,
        scope: scopeList(ctx.settings.scopes).join(","),
        response_type: "code",
        redirect_uri: start.redirectUri,
        state: start.state,
      }).toString();
      return url.toString();
    },
    exchangeCode: (ctx, { code, redirectUri }) =>
      businessAppOf(ctx.settings)
        ? exchangeBusinessCode(ctx, code, redirectUri)
        : requestToken(ctx, { code, grant_type: "authorization_code", redirect_uri: redirectUri }),
  },

  // GET /v2/user/info/. `username` is asked for only when user.info.profile was granted: asking for a field
  // outside the granted scopes fails the whole call with scope_not_authorized.
  // With a Business app configured the code was exchanged through the Authorization for Business (above),
  // so the account is read from the API for Business (business-auth.ts).
  identity: async (ctx, auth) => {
    if (businessAppOf(ctx.settings)) return businessIdentity(ctx, auth);
    if (!auth.tokens) throw new NetworkError("auth_expired", "TikTok profile has no access token");
    const granted = auth.tokens.scopes ?? [];
    const fields = [
      "open_id",
      "union_id",
      "avatar_url",
      "display_name",
      ...(granted.length === 0 || granted.includes("user.info.profile") ? ["username"] : []),
    ];
    const url = new URL(at(ctx.settings.api_url, "/v2/user/info/"));
    url.searchParams.set("fields", fields.join(","));
    const res = await ctx.fetch(url, { headers: { authorization: `Bearer ${auth.tokens.accessToken}` } });
    const body = await readJson<UserInfo>(tiktokConnector, res);
    if (body?.error?.code && body.error.code !== "ok")
      throw mapTikTokError({ status: res.status, body, headers: res.headers });
    const user = body?.data?.user;
    if (!user?.open_id) throw new NetworkError("rejected", "TikTok returned no user for this token");
    return {
      externalId: user.open_id,
      name: user.display_name || user.username || "TikTok account",
      username: user.username || null,
      avatarUrl: user.avatar_url || null,
      // connected_at: what TikTok allows depends on when the profile was connected (on or after
      // 2026-09-30: public videos, reach and watch-time stats). Publishing and stats see only the
      // metadata, so the moment is kept there; identity runs once per connection, like connectedAt.
      metadata: { ...(user.union_id && { union_id: user.union_id }), connected_at: new Date().toISOString() },
    };
  },

  // The refresh token rotates: the answer's refresh_token replaces the stored one.
  refresh: async (ctx, auth) => {
    if (isBusinessGrant(auth)) return refreshBusinessToken(ctx, auth);
    const refreshToken = auth.tokens?.refreshToken;
    if (!refreshToken) throw new NetworkError("auth_expired", "TikTok profile has no refresh token; reconnect it");
    return requestToken(ctx, { grant_type: "refresh_token", refresh_token: refreshToken });
  },

  // Content Posting API (publish.ts) and Display API (stats.ts) for Login Kit profiles; the API for Business
  // (business-publish.ts, business-stats.ts) for profiles connected through its authorization. No first
  // comment (the post rules take none), no chains.
  publish: byGrant(businessPublish, publish),
  findPublished: byGrant(businessFindPublished, findPublished),
  profileStats: byGrant(businessProfileStats, profileStats),
  postStats: byGrant(businessPostStats, postStats),
  mapError: mapTikTokError,
};
