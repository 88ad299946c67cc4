import { z } from "zod";
import { mapGoogleError } from "../google/errors";
import { at, googleGet, googleOAuthFlow, googleOAuthSettings, googleScope, refreshGoogleToken } from "../google/oauth";
import { googleBusinessMeta } from "./meta";
import type { NetworkConnector } from "../types";
import { extraMethods } from "./listing-extras";
import { locationMethods } from "./listing-location";
import { listLocationPlacements } from "./locations";
import { deletePublishedLocalPost, findPublishedLocalPost, publishLocalPost } from "./publish";
import { googleBusinessCommentSync } from "./reviews";
import { locationStats } from "./stats";

// Google Business Profile with Google OAuth (lib/networks/google). A profile is the Google account that
// signed in; its placements are every location of every Business Profile account it can manage
// (locations.ts). Local posts and gallery photos are published through the v4 API (publish.ts), location
// stats come from the Performance API (stats.ts); the listing management calls (location, hours,
// categories, attributes, services, food menus, place action links, photos) are in listing-*.ts.
//
// Identity is the Google account itself, from OpenID Connect userinfo (`sub` as the id, the email as
// the username, name and picture), which is why `openid email profile` are asked for next to
// business.manage. The Business Profile account list was the alternative: its first entry is the user's
// personal account, but it carries no email or picture, and a user's accounts are what placements list.

export const GOOGLE_BUSINESS_SCOPES = ["openid", "email", "profile", googleScope("business.manage")];

export const ZGoogleBusinessSettings = z.object({
  ...googleOAuthSettings,
  account_management_url: z.url().default("https://mybusinessaccountmanagement.googleapis.com/v1"),
  business_information_url: z.url().default("https://mybusinessbusinessinformation.googleapis.com/v1"),
  openidconnect_url: z.url().default("https://openidconnect.googleapis.com/v1"), // userinfo: /userinfo
  mybusiness_url: z.url().default("https://mybusiness.googleapis.com/v4"), // NETWORK_GOOGLE_BUSINESS_MYBUSINESS_URL: localPosts, media
  performance_url: z.url().default("https://businessprofileperformance.googleapis.com/v1"), // NETWORK_GOOGLE_BUSINESS_PERFORMANCE_URL
  place_actions_url: z.url().default("https://mybusinessplaceactions.googleapis.com/v1"), // NETWORK_GOOGLE_BUSINESS_PLACE_ACTIONS_URL
});
export type GoogleBusinessSettings = z.infer<typeof ZGoogleBusinessSettings>;

const ZUserinfo = z.object({
  sub: z.string().min(1),
  name: z.string().optional(),
  email: z.string().optional(),
  picture: z.string().optional(),
  hd: z.string().optional(), // Google Workspace domain
});

export const googleBusinessConnector: NetworkConnector<GoogleBusinessSettings> = {
  platform: "google_business",
  displayName: googleBusinessMeta.displayName,
  settings: ZGoogleBusinessSettings,
  auth: googleOAuthFlow({ scopes: GOOGLE_BUSINESS_SCOPES, required: [googleScope("business.manage")] }),

  identity: async (ctx, auth) => {
    const user = await googleGet(
      ctx,
      new URL(at(ctx.settings.openidconnect_url, "/userinfo")),
      auth,
      ZUserinfo,
      "userinfo",
    );
    return {
      externalId: user.sub,
      name: user.name || user.email || "Google account",
      username: user.email ?? null,
      avatarUrl: user.picture ?? null,
      metadata: { ...(user.email && { email: user.email }), ...(user.hd && { hosted_domain: user.hd }) },
    };
  },

  placements: (ctx, auth) => listLocationPlacements(ctx, auth),
  refresh: refreshGoogleToken,
  publish: publishLocalPost,
  findPublished: findPublishedLocalPost,
  deletePublished: deletePublishedLocalPost,
  profileStats: (ctx, { auth, placement }) => locationStats(ctx, auth, placement),
  commentSync: googleBusinessCommentSync,
  postStats: async () => null, // no current per-post insights (stats.ts)
  management: { listings: { ...locationMethods, ...extraMethods } },
  mapError: (failure) => mapGoogleError(failure),
};
