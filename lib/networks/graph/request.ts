import { createHmac } from "node:crypto";
import { z } from "zod";
import { NetworkError } from "../errors";
import { formBody, networkApiUrl, readJson } from "../http";
import type { NetworkConnector } from "../types";

// One request helper for every Graph host (graph.facebook.com, graph.instagram.com, graph.threads.com
// and the OAuth token endpoints): query building, the user token as a Bearer header or in the query,
// `appsecret_proof`, non-2xx answers through the connector's mapError, and a zod parse of the answer.

type Ctx = { fetch: typeof fetch };
type Mapper = Pick<NetworkConnector, "mapError">;
type Params = Record<string, string | number | boolean | undefined>;

export type GraphCall = {
  url: string; // absolute, e.g. `${graph_url}/${api_version}/me`
  method?: "GET" | "POST" | "DELETE";
  query?: Params;
  form?: Params; // POST application/x-www-form-urlencoded
  token?: string;
  // Graph takes the token as `Authorization: Bearer` or as `access_token`; the header keeps it out of
  // URLs. Token endpoints that take the token as a named parameter set `tokenIn: "query"`.
  tokenIn?: "header" | "query";
  appSecret?: string; // adds appsecret_proof (required when the app enables "Require App Secret")
  headers?: Record<string, string>; // extra headers (rupload's `file_url`, `Authorization: OAuth …`)
};

// URL of a versioned Graph path: graphUrl("https://graph.facebook.com", "v25.0", "me/accounts").
export const graphUrl = (base: string, version: string | null, path: string) =>
  `${base}${version ? `/${version}` : ""}/${path.replace(/^\/+/, "")}`;

export const appsecretProof = (token: string, appSecret: string) =>
  createHmac("sha256", appSecret).update(token).digest("hex");

const stringify = (params: Params | undefined): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, v === undefined ? undefined : String(v)]));

export const graphRequest = async <S extends z.ZodType>(
  ctx: Ctx,
  connector: Mapper & { displayName: string },
  call: GraphCall,
  schema: S,
): Promise<z.infer<S>> => {
  const url = new URL(networkApiUrl(call.url)); // graphUrl(settings.graph_url, ...) by every caller
  const query = formBody({
    ...stringify(call.query),
    ...(call.token && call.tokenIn === "query" && { access_token: call.token }),
    ...(call.token && call.appSecret && { appsecret_proof: appsecretProof(call.token, call.appSecret) }),
  });
  for (const [k, v] of query) url.searchParams.set(k, v);
  const headers: Record<string, string> = { accept: "application/json", ...call.headers };
  if (call.token && call.tokenIn !== "query") headers.authorization = `Bearer ${call.token}`;
  const res = await ctx.fetch(url, {
    method: call.method ?? (call.form ? "POST" : "GET"),
    headers,
    ...(call.form && { body: formBody(stringify(call.form)) }),
  });
  const body = await readJson<unknown>(connector, res);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new NetworkError(
      "rejected",
      `Unexpected answer from ${connector.displayName} (${url.pathname}): ${parsed.error.issues[0]?.message ?? "invalid"}`,
    );
  }
  return parsed.data;
};

const ZPage = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    paging: z
      .object({ cursors: z.object({ after: z.string().optional() }).loose().optional(), next: z.string().optional() })
      .loose()
      .optional(),
  });

// A Graph edge read to the end with cursor paging (`after`), never following `paging.next` (it repeats
// the token in the URL). Stops after `maxPages` pages.
export const graphPaged = async <T extends z.ZodType>(
  ctx: Ctx,
  connector: Mapper & { displayName: string },
  call: GraphCall,
  item: T,
  { pageSize = 100, maxPages = 20 } = {},
): Promise<z.infer<T>[]> => {
  const out: z.infer<T>[] = [];
  let after: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const { data, paging } = await graphRequest(
      ctx,
      connector,
      { ...call, query: { ...call.query, limit: pageSize, after } },
      ZPage(item),
    );
    out.push(...data);
    after = paging?.cursors?.after;
    if (!paging?.next || !after) break;
  }
  return out;
};

// Graph's token answers: `expires_in` seconds (absent or 0 for tokens that do not expire).
export const ZTokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().optional(),
});

// The stored access token of a profile; a profile without one has to reconnect.
export const requireToken = (auth: { tokens: { accessToken: string } | null }): string => {
  if (!auth.tokens?.accessToken) throw new NetworkError("auth_expired", "The connection has no access token");
  return auth.tokens.accessToken;
};

export const expiryFrom = (expiresIn: number | undefined, now = Date.now()): Date | null =>
  expiresIn && expiresIn > 0 ? new Date(now + expiresIn * 1000) : null;
