import { z } from "zod";
import { threadsMeta } from "./meta";
import type { ConnectorContext, ProfileAuth } from "../types";
import type { ContainerApi } from "../graph/containers";
import { mapGraphError } from "../graph/errors";
import { requireToken } from "../graph/request";
import { THREADS_API_VERSION, zAppSettings, zBaseUrl } from "../graph/version";

// NETWORK_THREADS_* settings.
export const ZThreadsSettings = z.object({
  ...zAppSettings(THREADS_API_VERSION),
  auth_url: zBaseUrl("https://threads.com"), // the authorization window (formerly threads.net)
  graph_url: zBaseUrl("https://graph.threads.com"), // token endpoints and the API (graph.threads.net still answers)
});
export type ThreadsSettings = z.infer<typeof ZThreadsSettings>;
export type Ctx = ConnectorContext<ThreadsSettings>;

export const threadsApi = {
  displayName: threadsMeta.displayName,
  mapError: (failure: { status: number; body: unknown; headers: Headers }) =>
    mapGraphError(threadsMeta.displayName, failure),
};

// The Threads user id (the profile's external id), or `me`.
export const threadsUserOf = (auth: ProfileAuth) => auth.externalId ?? "me";

// The container protocol on graph.threads.com, with the token as `access_token` (the form Threads documents).
export const threadsContainers = (ctx: Ctx, auth: ProfileAuth): ContainerApi => ({
  connector: threadsApi,
  graphUrl: ctx.settings.graph_url,
  version: ctx.settings.api_version,
  userId: threadsUserOf(auth),
  token: requireToken(auth),
  tokenIn: "query",
  createEdge: "threads",
  publishEdge: "threads_publish",
  statusFields: "status,error_message",
});
