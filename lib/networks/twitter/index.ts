import { z } from "zod";
import { NetworkError } from "../errors";
import { formBody, readJson } from "../http";
import { twitterMeta } from "./meta";
import type { ConnectorContext, NetworkConnector, TokenSet } from "../types";
import { mapTwitterError } from "./errors";
import { developerKeys, developerKeysSchema } from "./keys";
import { deleteTweet, findTweet, publishTweet } from "./publish";
import { accountStats, tweetStats } from "./stats";

export { ZTwitterDeveloperKeys } from "./keys";

// X (Twitter) API v2 with OAuth 2.0 Authorization Code + PKCE (S256). An account connects through its own
// developer app (client_id + client_secret in the initialize_connection body, stored encrypted with the
// profile) or, when the body has none, the server's app (NETWORK_TWITTER_CLIENT_ID / _SECRET): see
// keys.ts. The keys are HTTP Basic credentials for the code exchange and every refresh. Access tokens last
// 2 h; offline.access yields a refresh token that rotates on every use.

// Only what connecting, posting (chains are replies to our own posts) and media need: the service neither
// likes nor sends DMs on X, so like.write and dm.* are not requested (add them with NETWORK_TWITTER_SCOPES).
export const TWITTER_DEFAULT_SCOPES = ["tweet.read", "tweet.write", "users.read", "media.write", "offline.access"];

export const ZTwitterSettings = z
  .object({
    client_id: z.string().optional(), // the server's own X app, used when the body carries no keys
    client_secret: z.string().optional(),
    web_url: z.url().default("https://x.com"), // authorize page (/i/oauth2/authorize)
    api_url: z.url().default("https://api.x.com"), // token + API v2
    scopes: z.string().default(TWITTER_DEFAULT_SCOPES.join(" ")),
  })
  .superRefine((s, ctx) => {
    if (Boolean(s.client_id) !== Boolean(s.client_secret))
      ctx.addIssue({
        code: "custom",
        path: [s.client_id ? "client_secret" : "client_id"],
        message: "set both keys or neither",
      });
  });
export type TwitterSettings = z.infer<typeof ZTwitterSettings>;
type Ctx = ConnectorContext<TwitterSettings>;

const at = (base: string, path: string) => `${base.replace(/\/+$/, "")}${path}`;
const scopeList = (value: string) => value.split(/[\s,]+/).filter(Boolean);

type TokenResponse = { access_token?: string; expires_in?: number; refresh_token?: string; scope?: string };

const requestToken = async (
  ctx: Ctx,
  credentials: Record<string, string> | null,
  fields: Record<string, string>,
): Promise<TokenSet> => {
  const keys = developerKeys(ctx.settings, credentials);
  const basic = Buffer.from(`${keys.client_id}:${keys.client_secret}`).toString("base64");
  const res = await ctx.fetch(at(ctx.settings.api_url, "/2/oauth2/token"), {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    body: formBody({ ...fields, client_id: keys.client_id }),
  });
  const body = await readJson<TokenResponse>({ mapError: mapTwitterError }, res);
  if (!body?.access_token)
    throw new NetworkError("outcome_unknown", "X answered the token request without an access token");
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? null,
    expiresAt: typeof body.expires_in === "number" ? new Date(Date.now() + body.expires_in * 1000) : null,
    scopes: body.scope ? scopeList(body.scope) : [],
  };
};

// subscription_type: "None", "Basic", "Premium" or "PremiumPlus"; stored in the identity metadata because
// the post length limit depends on it (post-rules.ts).
type Me = {
  data?: { id?: string; name?: string; username?: string; profile_image_url?: string; subscription_type?: string };
};

export const twitterConnector: NetworkConnector<TwitterSettings> = {
  platform: "twitter",
  displayName: twitterMeta.displayName,
  settings: ZTwitterSettings,
  auth: {
    kind: "oauth",
    startCredentialsFor: developerKeysSchema,
    authorizeUrl: (ctx, start) => {
      const url = new URL(at(ctx.settings.web_url, "/i/oauth2/authorize"));
      url.search = new URLSearchParams({
        response_type: "code",
        client_id: developerKeys(ctx.settings, start.credentials).client_id,
        redirect_uri: start.redirectUri,
        scope: scopeList(ctx.settings.scopes).join(" "),
        state: start.state,
        code_challenge: start.codeChallenge,
        code_challenge_method: "S256",
      }).toString();
      return url.toString();
    },
    exchangeCode: (ctx, { code, redirectUri, codeVerifier, credentials }) =>
      requestToken(ctx, credentials, {
        code,
        grant_type: "authorization_code",
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      }),
  },

  identity: async (ctx, auth) => {
    if (!auth.tokens) throw new NetworkError("auth_expired", "X profile has no access token");
    const url = new URL(at(ctx.settings.api_url, "/2/users/me"));
    url.searchParams.set("user.fields", "profile_image_url,username,name,subscription_type");
    const res = await ctx.fetch(url, { headers: { authorization: `Bearer ${auth.tokens.accessToken}` } });
    const me = (await readJson<Me>({ mapError: mapTwitterError }, res))?.data;
    if (!me?.id) throw new NetworkError("rejected", "X returned no user for this token");
    return {
      externalId: me.id,
      name: me.name || me.username || "X account",
      username: me.username || null,
      avatarUrl: me.profile_image_url || null,
      metadata: { ...(typeof me.subscription_type === "string" && { subscription_type: me.subscription_type }) },
    };
  },

  // With the profile's own developer keys, else the server's; the answer's refresh token replaces the stored one.
  refresh: async (ctx, auth) => {
    const refreshToken = auth.tokens?.refreshToken;
    if (!refreshToken)
      throw new NetworkError(
        "auth_expired",
        "X issued no refresh token for this profile (offline.access); reconnect it",
      );
    return requestToken(ctx, auth.credentials, { grant_type: "refresh_token", refresh_token: refreshToken });
  },

  // Publishing and deleting (publish.ts, media.ts) and stats (stats.ts). No createFirstComment: the post-rules take no
  // first_comment.
  publish: publishTweet,
  findPublished: findTweet,
  deletePublished: deleteTweet,
  profileStats: accountStats,
  postStats: tweetStats,

  mapError: mapTwitterError,
};
