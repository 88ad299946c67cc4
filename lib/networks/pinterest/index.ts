import { z } from "zod";
import { NetworkError } from "../errors";
import { formBody, readJson } from "../http";
import { pinterestMeta } from "./meta";
import type { ConnectorContext, NetworkConnector, PlacementInfo, ProfileAuth, TokenSet } from "../types";
import { mapPinterestError } from "./errors";
import { deletePublished, findPublished, publish } from "./publish";
import { postStats, profileStats } from "./stats";

// Pinterest API v5. OAuth authorize on www.pinterest.com, tokens from api.pinterest.com/v5/oauth/token
// with HTTP Basic client_id:client_secret. Access tokens last 30 days. Refresh tokens are "continuous"
// (60 days, and each refresh returns a new one); apps created before 2025-09-25 opt in with
// continuous_refresh=true, which this connector always sends. Boards are the profile's placements.

export const PINTEREST_DEFAULT_SCOPES = [
  "boards:read",
  "boards:write",
  "pins:read",
  "pins:write",
  "user_accounts:read",
];

export const ZPinterestSettings = z.object({
  client_id: z.string().min(1), // the app id
  client_secret: z.string().min(1),
  web_url: z.url().default("https://www.pinterest.com"), // authorize page
  api_url: z.url().default("https://api.pinterest.com"), // token + v5 API
  scopes: z.string().default(PINTEREST_DEFAULT_SCOPES.join(",")),
});
export type PinterestSettings = z.infer<typeof ZPinterestSettings>;
type Ctx = ConnectorContext<PinterestSettings>;

const at = (base: string, path: string) => `${base.replace(/\/+$/, "")}${path}`;
const scopeList = (value: string) => value.split(/[\s,]+/).filter(Boolean);
const errors = { mapError: mapPinterestError };
const BOARD_PAGE_SIZE = 250; // the API's maximum
const MAX_BOARD_PAGES = 40;

type TokenResponse = {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  scope?: string;
};

const requestToken = async (ctx: Ctx, fields: Record<string, string>): Promise<TokenSet> => {
  const basic = Buffer.from(`${ctx.settings.client_id}:${ctx.settings.client_secret}`).toString("base64");
  const res = await ctx.fetch(at(ctx.settings.api_url, "/v5/oauth/token"), {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    body: formBody({ ...fields, continuous_refresh: "true" }),
  });
  const body = await readJson<TokenResponse>(errors, res);
  if (!body?.access_token)
    throw new NetworkError("outcome_unknown", "Pinterest answered the token request without an access token");
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? null,
    expiresAt: typeof body.expires_in === "number" ? new Date(Date.now() + body.expires_in * 1000) : null,
    scopes: body.scope ? scopeList(body.scope) : [],
  };
};

const get = async <T>(ctx: Ctx, auth: ProfileAuth, path: string, query: Record<string, string> = {}) => {
  if (!auth.tokens) throw new NetworkError("auth_expired", "Pinterest profile has no access token");
  const url = new URL(at(ctx.settings.api_url, path));
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await ctx.fetch(url, { headers: { authorization: `Bearer ${auth.tokens.accessToken}` } });
  return readJson<T>(errors, res);
};

type Account = {
  id?: string;
  username?: string;
  business_name?: string | null;
  profile_image?: string;
  account_type?: string;
  website_url?: string;
};
type Board = { id: string; name: string; description?: string | null; privacy?: string };

export const pinterestConnector: NetworkConnector<PinterestSettings> = {
  platform: "pinterest",
  displayName: pinterestMeta.displayName,
  settings: ZPinterestSettings,
  auth: {
    kind: "oauth",
    authorizeUrl: (ctx, start) => {
      const url = new URL(at(ctx.settings.web_url, "/oauth/"));
      url.search = new URLSearchParams({
        client_id: ctx.settings.client_id,
        redirect_uri: start.redirectUri,
        response_type: "code",
        scope: scopeList(ctx.settings.scopes).join(","),
        state: start.state,
      }).toString();
      return url.toString();
    },
    exchangeCode: (ctx, { code, redirectUri }) =>
      requestToken(ctx, { grant_type: "authorization_code", code, redirect_uri: redirectUri }),
  },

  identity: async (ctx, auth) => {
    const account = await get<Account>(ctx, auth, "/v5/user_account");
    const externalId = account?.id || account?.username;
    if (!externalId) throw new NetworkError("rejected", "Pinterest returned no account for this token");
    return {
      externalId,
      name: account.business_name || account.username || "Pinterest account",
      username: account.username || null,
      avatarUrl: account.profile_image || null,
      metadata: {
        ...(account.account_type && { account_type: account.account_type }),
        ...(account.website_url && { website_url: account.website_url }),
      },
    };
  },

  // Every board the token can see (secret boards only with the *_secret scopes), page by page.
  placements: async (ctx, auth) => {
    const boards: PlacementInfo[] = [];
    let bookmark: string | null = null;
    for (let page = 0; page < MAX_BOARD_PAGES; page++) {
      const query: Record<string, string> = { page_size: String(BOARD_PAGE_SIZE), ...(bookmark && { bookmark }) };
      const body: { items?: Board[]; bookmark?: string | null } = await get(ctx, auth, "/v5/boards", query);
      for (const board of body?.items ?? []) {
        boards.push({
          externalId: board.id,
          name: board.name,
          avatarUrl: null,
          metadata: {
            privacy: board.privacy ?? "PUBLIC",
            ...(board.description && { description: board.description }),
          },
        });
      }
      if (!body?.bookmark || body.bookmark === bookmark) break;
      bookmark = body.bookmark;
    }
    return boards;
  },

  refresh: async (ctx, auth) => {
    const refreshToken = auth.tokens?.refreshToken;
    if (!refreshToken) throw new NetworkError("auth_expired", "Pinterest profile has no refresh token; reconnect it");
    const tokens = await requestToken(ctx, { grant_type: "refresh_token", refresh_token: refreshToken });
    return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken }; // legacy answers keep the old one
  },

  // Pins (publish.ts); no first comment (the post rules take none), no chains.
  publish,
  findPublished,
  deletePublished,
  profileStats,
  postStats,
  mapError: mapPinterestError,
};
