import { z } from "zod";
import { facebookMeta } from "./meta";
import { mapGraphError } from "../graph/errors";
import { GRAPH_API_VERSION, zAppSettings, zBaseUrl } from "../graph/version";

// NETWORK_FACEBOOK_* settings: the app, the pinned version and one base URL per real host (tests point
// them at the Graph fake).
export const ZFacebookSettings = z.object({
  ...zAppSettings(GRAPH_API_VERSION),
  auth_url: zBaseUrl("https://www.facebook.com"), // the Login dialog
  graph_url: zBaseUrl("https://graph.facebook.com"),
  video_url: zBaseUrl("https://graph-video.facebook.com"), // POST /{page-id}/videos
  rupload_url: zBaseUrl("https://rupload.facebook.com"), // reel and video story uploads
});
export type FacebookSettings = z.infer<typeof ZFacebookSettings>;

// What the request helpers need of the connector: its name and error mapping.
export const facebookApi = {
  displayName: facebookMeta.displayName,
  mapError: (failure: { status: number; body: unknown; headers: Headers }) =>
    mapGraphError(facebookMeta.displayName, failure),
};
