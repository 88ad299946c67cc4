import { z } from "zod";
import { instagramMeta } from "./meta";
import type { ConnectorContext, ProfileAuth } from "../types";
import type { ContainerApi } from "../graph/containers";
import { mapGraphError } from "../graph/errors";
import { requireToken } from "../graph/request";
import { GRAPH_API_VERSION, zAppSettings, zBaseUrl } from "../graph/version";

// NETWORK_INSTAGRAM_* settings (Instagram API with Instagram Login).
export const ZInstagramSettings = z.object({
  ...zAppSettings(GRAPH_API_VERSION),
  auth_url: zBaseUrl("https://www.instagram.com"), // the authorization window
  api_url: zBaseUrl("https://api.instagram.com"), // code -> short-lived token
  graph_url: zBaseUrl("https://graph.instagram.com"), // long-lived exchange, refresh, the API
});
export type InstagramSettings = z.infer<typeof ZInstagramSettings>;
export type Ctx = ConnectorContext<InstagramSettings>;

export const instagramApi = {
  displayName: instagramMeta.displayName,
  mapError: (failure: { status: number; body: unknown; headers: Headers }) =>
    mapGraphError(instagramMeta.displayName, failure),
};

// The professional account's id (the profile's external id), or `me`.
export const igUserOf = (auth: ProfileAuth) => auth.externalId ?? "me";

// The container protocol on graph.instagram.com, as the account.
export const igContainers = (ctx: Ctx, auth: ProfileAuth): ContainerApi => ({
  connector: instagramApi,
  graphUrl: ctx.settings.graph_url,
  version: ctx.settings.api_version,
  userId: igUserOf(auth),
  token: requireToken(auth),
  createEdge: "media",
  publishEdge: "media_publish",
  statusFields: "status_code,status",
});
