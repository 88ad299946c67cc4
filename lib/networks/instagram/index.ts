import { instagramMessaging } from "./messaging";
import { z } from "zod";
import { NetworkError } from "../errors";
import { instagramMeta } from "./meta";
import type { NetworkConnector } from "../types";
import { LONG_LIVED_REFRESH_LEAD_MS, exchangeForLongLived, refreshLongLived } from "../graph/long-lived";
import { graphRequest, graphUrl, requireToken } from "../graph/request";
import { instagramCommentSync } from "./comment-sync";
import { instagramComments } from "./comments";
import { instagramInbound } from "./inbound";
import { createInstagramComment, findInstagramPost, publishInstagram } from "./publish";
import { ZInstagramSettings, instagramApi, type InstagramSettings } from "./settings";
import { instagramPostStats, instagramProfileStats } from "./stats";

// Instagram professional accounts through the "Instagram API with Instagram Login" (Meta's
// Instagram Platform): the authorization window on www.instagram.com, the code exchanged on api.instagram.com
// for a 1-hour token, that token exchanged on graph.instagram.com (ig_exchange_token) for a 60-day one,
// which refreshes itself (ig_refresh_token). There is no separate refresh token: the long-lived token is
// also stored as the refresh token, so the generic refresh job renews it before it expires.
// Instagram has no placements. Publishing (containers), the read-back and first comments are in
// publish.ts, account and media insights in stats.ts.

type Settings = InstagramSettings;

export const INSTAGRAM_SCOPES = [
  "instagram_business_basic",
  "instagram_business_content_publish",
  "instagram_business_manage_comments",
  "instagram_business_manage_messages",
  "instagram_business_manage_insights",
];

// The code exchange answers `{data: [{access_token, user_id, permissions}]}` (current docs) or the
// same fields at the top level (older answers); `permissions` is a comma-separated string or an array.
const ZShortGrant = z.object({
  access_token: z.string().min(1),
  user_id: z.coerce.string().optional(),
  permissions: z.union([z.string(), z.array(z.string())]).optional(),
});
const ZShortAnswer = z.union([z.object({ data: z.array(ZShortGrant).min(1) }), ZShortGrant]);

const ZMe = z.object({
  id: z.coerce.string(), // app-scoped id
  user_id: z.coerce.string().optional(), // the professional account id (webhooks, messaging)
  username: z.string(),
  name: z.string().optional(),
  account_type: z.string().optional(),
  profile_picture_url: z.string().optional(),
});

const scopesOf = (permissions: string | string[] | undefined) =>
  (Array.isArray(permissions) ? permissions : (permissions ?? "").split(",")).map((s) => s.trim()).filter(Boolean);

const GRANTS = { exchange: "ig_exchange_token", refresh: "ig_refresh_token" };

export const instagramConnector: NetworkConnector<Settings> = {
  platform: "instagram",
  displayName: instagramMeta.displayName,
  settings: ZInstagramSettings,
  inbound: instagramInbound, // comments and messaging webhooks and the deauthorize callback (inbound.ts)
  comments: instagramComments, // comment, reply, read-back, delete, hide (comments.ts)
  commentSync: instagramCommentSync, // the catch-up of comments missed by webhooks (comment-sync.ts)
  messaging: instagramMessaging, // direct messages (messaging.ts)
  auth: {
    kind: "oauth",
    authorizeUrl: ({ settings }, start) => {
      const url = new URL(`${settings.auth_url}/oauth/authorize`);
      url.search = new URLSearchParams({
        client_id: settings.client_id,
        redirect_uri: start.redirectUri,
        response_type: "code",
        scope: INSTAGRAM_SCOPES.join(","),
        state: start.state,
      }).toString();
      return url.toString();
    },
    exchangeCode: async (ctx, { code, redirectUri }) => {
      const { settings } = ctx;
      const answer = await graphRequest(
        ctx,
        instagramConnector,
        {
          url: `${settings.api_url}/oauth/access_token`,
          form: {
            client_id: settings.client_id,
            client_secret: settings.client_secret,
            grant_type: "authorization_code",
            redirect_uri: redirectUri,
            code,
          },
        },
        ZShortAnswer,
      );
      const short = "data" in answer ? answer.data[0] : answer;
      if (!short) throw new NetworkError("rejected", "Instagram returned no access token");
      return exchangeForLongLived(ctx, instagramConnector, {
        grants: GRANTS,
        shortToken: short.access_token,
        scopes: scopesOf(short.permissions),
      });
    },
  },
  identity: async (ctx, auth) => {
    const me = await graphRequest(
      ctx,
      instagramConnector,
      {
        url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, "me"),
        query: { fields: "id,user_id,username,name,account_type,profile_picture_url" },
        token: requireToken(auth),
      },
      ZMe,
    );
    return {
      externalId: me.user_id ?? me.id,
      name: me.name || me.username,
      username: me.username,
      avatarUrl: me.profile_picture_url ?? null,
      connectionExpiresAt: null, // renewed by refresh
      metadata: { app_scoped_id: me.id, ...(me.account_type && { account_type: me.account_type }) },
    };
  },
  refreshLeadMs: LONG_LIVED_REFRESH_LEAD_MS,
  refresh: (ctx, auth) => refreshLongLived(ctx, instagramConnector, { grants: GRANTS, auth }),
  publish: publishInstagram,
  findPublished: findInstagramPost,
  createFirstComment: createInstagramComment,
  profileStats: instagramProfileStats,
  postStats: instagramPostStats,
  mapError: instagramApi.mapError,
};
