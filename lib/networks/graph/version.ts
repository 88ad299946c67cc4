import { z } from "zod";

// The Graph API versions the Meta connectors pin (one version pinned in config). Each
// connector takes an `api_version` setting that defaults to these, so an install can move ahead
// without a release.
export const GRAPH_API_VERSION = "v25.0"; // graph.facebook.com, graph.instagram.com, www.facebook.com dialogs
export const THREADS_API_VERSION = "v1.0"; // graph.threads.com

export const zApiVersion = (fallback: string) =>
  z
    .string()
    .regex(/^v\d+\.\d+$/, "api_version must look like v25.0")
    .default(fallback);

// One setting per real host, defaulting to the network's real endpoint; tests point them at the local
// Graph fake. Values may carry a path prefix (http://127.0.0.1:4000/graph.facebook.com), so URLs are
// built by appending paths, never with `new URL(path, base)`.
export const zBaseUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .default(fallback)
    .transform((value) => value.replace(/\/+$/, ""));

export const zRequired = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} can't be blank`);

// The settings every Meta connector has: the app credentials and the pinned version.
export const zAppSettings = (version: string) => ({
  client_id: zRequired("client_id"),
  client_secret: zRequired("client_secret"), // also signs the app's webhook deliveries (X-Hub-Signature-256)
  api_version: zApiVersion(version),
  // The verify token entered with the webhook callback URL in the app dashboard (hub.verify_token).
  webhook_verify_token: z.string().trim().min(1).optional(),
});
