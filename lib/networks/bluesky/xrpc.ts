import { readJson } from "../http";
import type { ConnectorContext } from "../types";
import { mapBlueskyError } from "./errors";

// Plain XRPC over HTTP (no SDK): GET /xrpc/<nsid>?params for queries, POST /xrpc/<nsid> with a JSON or raw
// body for procedures. Every call goes to the configured service_url; non-2xx answers go through
// mapBlueskyError. Tokens travel in the Authorization header only, never in URLs.

export type BlueskyCtx = ConnectorContext<{ service_url: string }>;

const mapper = { mapError: mapBlueskyError };

export const at = (base: string, nsid: string) => `${base.replace(/\/+$/, "")}/xrpc/${nsid}`;

// `proxy`: the atproto-proxy header naming the service the PDS forwards the call to (chat.bsky.*).
const headers = (token: string | undefined, contentType?: string, proxy?: string) => ({
  accept: "application/json",
  ...(proxy && { "atproto-proxy": proxy }),
  ...(contentType && { "content-type": contentType }),
  ...(token && { authorization: `Bearer ${token}` }),
});

export const xrpcQuery = async <T>(
  ctx: BlueskyCtx,
  nsid: string,
  params: Record<string, string | string[]>,
  token?: string,
  proxy?: string,
): Promise<T> => {
  const url = new URL(at(ctx.settings.service_url, nsid));
  for (const [name, value] of Object.entries(params))
    for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(name, v);
  const res = await ctx.fetch(url, { headers: headers(token, undefined, proxy) });
  return readJson<T>(mapper, res);
};

export const xrpcProcedure = async <T>(
  ctx: BlueskyCtx,
  nsid: string,
  body: unknown,
  token?: string,
  proxy?: string,
): Promise<T> => {
  const res = await ctx.fetch(at(ctx.settings.service_url, nsid), {
    method: "POST",
    headers: headers(token, body === undefined ? undefined : "application/json", proxy),
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return readJson<T>(mapper, res);
};

// A procedure whose input is raw bytes (com.atproto.repo.uploadBlob).
export const xrpcUpload = async <T>(
  ctx: BlueskyCtx,
  nsid: string,
  bytes: Uint8Array,
  contentType: string,
  token: string,
): Promise<T> => {
  const res = await ctx.fetch(at(ctx.settings.service_url, nsid), {
    method: "POST",
    headers: headers(token, contentType),
    body: new Uint8Array(bytes),
  });
  return readJson<T>(mapper, res);
};
