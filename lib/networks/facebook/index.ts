import { facebookMessaging } from "./messaging";
import { z } from "zod";
import { facebookMeta } from "./meta";
import type { NetworkConnector } from "../types";
import { inspectToken } from "../graph/debug-token";
import { ZTokenAnswer, expiryFrom, graphPaged, graphRequest, graphUrl, requireToken } from "../graph/request";
import { facebookCommentSync } from "./comment-sync";
import { facebookComments } from "./comments";
import { facebookInbound } from "./inbound";
import { facebookPages } from "./page-info";
import { createFacebookComment, deleteFacebookPost, findFacebookPost, publishFacebook } from "./publish";
import { ZFacebookSettings, facebookApi, type FacebookSettings } from "./settings";
import { facebookPostStats, facebookProfileStats } from "./stats";

// Facebook Pages on Graph (Graph API). Facebook Login's dialog gives a code; the code
// becomes a short-lived user token, exchanged (fb_exchange_token) for a long-lived one of about 60 days.
// There are no refresh tokens: the user re-authorises when the connection expires. Each Page the user
// manages is a placement carrying its Page token (derived from the long-lived user token, it does not
// expire on its own; it stops with the user's data access).

// Publishing, the read-back, deletion, first comments (publish.ts) and stats (stats.ts) act for a Page with its token.

type Settings = FacebookSettings;

export const FACEBOOK_SCOPES = [
  "pages_show_list",
  "pages_read_engagement",
  "pages_manage_posts",
  "pages_manage_engagement",
  "pages_read_user_engagement",
  "pages_read_user_content", // recommendations (GET /{page-id}/ratings)
  "pages_messaging",
  "read_insights",
  "publish_video",
  "business_management",
  "pages_manage_metadata", // page management: updating the Page's fields (update_page)
];

// A long-lived user token lasts about 60 days when the exchange does not say.
const LONG_LIVED_FALLBACK_S = 60 * 24 * 60 * 60;

const ZMe = z.object({
  id: z.coerce.string(),
  name: z.string(),
  picture: z.object({ data: z.object({ url: z.string().optional() }).loose() }).optional(),
});

const ZPage = z.object({
  id: z.coerce.string(),
  name: z.string(),
  category: z.string().optional(),
  username: z.string().optional(),
  access_token: z.string().optional(),
  picture: z.object({ data: z.object({ url: z.string().optional() }).loose() }).optional(),
});

export const facebookConnector: NetworkConnector<Settings> = {
  platform: "facebook",
  displayName: facebookMeta.displayName,
  settings: ZFacebookSettings,
  management: { pages: facebookPages },
  inbound: facebookInbound, // page feed comments, Messenger events and the deauthorize callback (inbound.ts)
  comments: facebookComments, // comment, reply, read-back, delete, hide, like as the Page (comments.ts)
  commentSync: facebookCommentSync, // the catch-up of lost pushes and recommendations (comment-sync.ts)
  messaging: facebookMessaging, // Messenger direct messages as the Page (messaging.ts)
  auth: {
    kind: "oauth",
    authorizeUrl: ({ settings }, start) => {
      const url = new URL(graphUrl(settings.auth_url, settings.api_version, "dialog/oauth"));
      url.search = new URLSearchParams({
        client_id: settings.client_id,
        redirect_uri: start.redirectUri,
        state: start.state,
        response_type: "code",
        scope: FACEBOOK_SCOPES.join(","),
      }).toString();
      return url.toString();
    },
    exchangeCode: async (ctx, { code, redirectUri }) => {
      const { settings } = ctx;
      const tokenUrl = graphUrl(settings.graph_url, settings.api_version, "oauth/access_token");
      const short = await graphRequest(
        ctx,
        facebookConnector,
        {
          url: tokenUrl,
          query: {
            client_id: settings.client_id,
            client_secret: settings.client_secret,
            redirect_uri: redirectUri,
            code,
          },
        },
        ZTokenAnswer,
      );
      const long = await graphRequest(
        ctx,
        facebookConnector,
        {
          url: tokenUrl,
          query: {
            grant_type: "fb_exchange_token",
            client_id: settings.client_id,
            client_secret: settings.client_secret,
            fb_exchange_token: short.access_token,
          },
        },
        ZTokenAnswer,
      );
      // The granted scopes (the user may untick some) and the real expiry, data-access expiry included.
      const inspection = await inspectToken(ctx, facebookConnector, settings, long.access_token);
      return {
        accessToken: long.access_token,
        refreshToken: null,
        expiresAt: inspection.expiresAt ?? expiryFrom(long.expires_in || LONG_LIVED_FALLBACK_S),
        scopes: inspection.scopes,
      };
    },
  },
  identity: async (ctx, auth) => {
    const me = await graphRequest(
      ctx,
      facebookConnector,
      {
        url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, "me"),
        query: { fields: "id,name,picture{url}" },
        token: requireToken(auth),
        appSecret: ctx.settings.client_secret,
      },
      ZMe,
    );
    return {
      externalId: me.id,
      name: me.name,
      username: null,
      avatarUrl: me.picture?.data.url ?? null,
      // No refresh token: the connection ends with the long-lived user token.
      connectionExpiresAt: auth.tokens?.expiresAt ?? null,
      metadata: {},
    };
  },
  placements: async (ctx, auth) => {
    const pages = await graphPaged(
      ctx,
      facebookConnector,
      {
        url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, "me/accounts"),
        query: { fields: "id,name,category,username,access_token,picture{url}" },
        token: requireToken(auth),
        appSecret: ctx.settings.client_secret,
      },
      ZPage,
    );
    return pages.map((page) => ({
      externalId: page.id,
      name: page.name,
      avatarUrl: page.picture?.data.url ?? null,
      metadata: { category: page.category ?? null, ...(page.username && { username: page.username }) },
      accessToken: page.access_token ?? null,
    }));
  },
  publish: publishFacebook,
  findPublished: findFacebookPost,
  deletePublished: deleteFacebookPost,
  createFirstComment: createFacebookComment,
  profileStats: facebookProfileStats,
  postStats: facebookPostStats,
  mapError: facebookApi.mapError,
};
