import { z } from "zod";
import { threadsMeta } from "./meta";
import type { NetworkConnector } from "../types";
import { LONG_LIVED_REFRESH_LEAD_MS, exchangeForLongLived, refreshLongLived } from "../graph/long-lived";
import { graphRequest, graphUrl, requireToken } from "../graph/request";
import { threadsCommentSync } from "./comment-sync";
import { threadsComments } from "./comments";
import { threadsInbound } from "./inbound";
import { deleteThreadsPost, findThreadsPost, publishThreads } from "./publish";
import { ZThreadsSettings, threadsApi, type ThreadsSettings } from "./settings";
import { threadsPostStats, threadsProfileStats } from "./stats";

// Threads API (Meta's Threads API): authorize on threads.com, the code exchanged on graph.threads.com
// for a 1-hour token, then th_exchange_token for a 60-day token that renews itself with
// th_refresh_token. As on Instagram there is no separate refresh token: the long-lived token is stored
// as the refresh token too. Threads has no placements. Publishing (containers, chains as replies), the
// read-back and deletion are in publish.ts, user and media insights in stats.ts. Threads has no first comment:
// a chain's follow-ups are replies.

type Settings = ThreadsSettings;

export const THREADS_SCOPES = [
  "threads_basic",
  "threads_content_publish",
  "threads_manage_replies",
  "threads_read_replies",
  "threads_manage_insights",
  "threads_delete", // DELETE /{threads-media-id} (DELETE /api/posts?delete_on_platform=true)
];

const ZShort = z.object({ access_token: z.string().min(1), user_id: z.coerce.string().optional() });

const ZMe = z.object({
  id: z.coerce.string(),
  username: z.string(),
  name: z.string().optional(),
  threads_profile_picture_url: z.string().optional(),
  threads_biography: z.string().optional(),
});

const GRANTS = { exchange: "th_exchange_token", refresh: "th_refresh_token" };

export const threadsConnector: NetworkConnector<Settings> = {
  platform: "threads",
  displayName: threadsMeta.displayName,
  settings: ZThreadsSettings,
  inbound: threadsInbound, // replies webhooks and the uninstall callback (inbound.ts)
  comments: threadsComments, // replies as comments, read-back, hide (comments.ts)
  commentSync: threadsCommentSync, // the catch-up of replies whose pushes were lost (comment-sync.ts)
  auth: {
    kind: "oauth",
    authorizeUrl: ({ settings }, start) => {
      const url = new URL(`${settings.auth_url}/oauth/authorize`);
      url.search = new URLSearchParams({
        client_id: settings.client_id,
        redirect_uri: start.redirectUri,
        scope: THREADS_SCOPES.join(","),
        response_type: "code",
        state: start.state,
      }).toString();
      return url.toString();
    },
    exchangeCode: async (ctx, { code, redirectUri }) => {
      const { settings } = ctx;
      const short = await graphRequest(
        ctx,
        threadsConnector,
        {
          url: graphUrl(settings.graph_url, null, "oauth/access_token"),
          form: {
            client_id: settings.client_id,
            client_secret: settings.client_secret,
            grant_type: "authorization_code",
            redirect_uri: redirectUri,
            code,
          },
        },
        ZShort,
      );
      // Threads' token answers do not list the granted scopes: record the requested ones.
      return exchangeForLongLived(ctx, threadsConnector, {
        grants: GRANTS,
        shortToken: short.access_token,
        scopes: THREADS_SCOPES,
      });
    },
  },
  identity: async (ctx, auth) => {
    const me = await graphRequest(
      ctx,
      threadsConnector,
      {
        url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, "me"),
        query: { fields: "id,username,name,threads_profile_picture_url,threads_biography" },
        token: requireToken(auth),
        tokenIn: "query", // the form Threads documents
      },
      ZMe,
    );
    return {
      externalId: me.id,
      name: me.name || me.username,
      username: me.username,
      avatarUrl: me.threads_profile_picture_url ?? null,
      connectionExpiresAt: null, // renewed by refresh
      metadata: {},
    };
  },
  refreshLeadMs: LONG_LIVED_REFRESH_LEAD_MS,
  refresh: (ctx, auth) => refreshLongLived(ctx, threadsConnector, { grants: GRANTS, auth }),
  publish: publishThreads,
  findPublished: findThreadsPost,
  deletePublished: deleteThreadsPost,
  profileStats: threadsProfileStats,
  postStats: threadsPostStats,
  mapError: threadsApi.mapError,
};
