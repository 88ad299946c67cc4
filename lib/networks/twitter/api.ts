import { NetworkError } from "../errors";
import { readJson } from "../http";
import type { ConnectorContext, ProfileAuth } from "../types";
import { mapTwitterError } from "./errors";

// The signed requests publishing and stats make to X API v2. A profile holds an OAuth 2.0 user access
// token (keys.ts: the developer keys stored with it are the OAuth 2.0 client id and secret, used only at
// the token endpoint), so every call is `Authorization: Bearer <user token>`; OAuth 1.0a signing is not
// needed because no OAuth 1.0a user token is ever stored.

type Ctx = ConnectorContext<{ api_url: string }>;

export type XProblem = {
  title?: string;
  detail?: string;
  type?: string;
  value?: string;
  resource_id?: string;
  parameter?: string;
};

export const xUrl = (ctx: Ctx, path: string, query?: Record<string, string | undefined>) => {
  const url = new URL(`${ctx.settings.api_url.replace(/\/+$/, "")}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(key, value);
  return url;
};

export const bearerOf = (auth: ProfileAuth): string => {
  const token = auth.tokens?.accessToken;
  if (!token) throw new NetworkError("auth_expired", "X profile has no access token; reconnect it");
  return token;
};

type Body = { json: unknown } | { form: FormData } | undefined;

// One call; non-2xx answers go through mapTwitterError (Problem+JSON, old-style codes, x-rate-limit-reset).
export const xCall = async <T>(
  ctx: Ctx,
  auth: ProfileAuth,
  method: "GET" | "POST",
  path: string,
  { query, body }: { query?: Record<string, string | undefined>; body?: Body } = {},
): Promise<T> => {
  const headers: Record<string, string> = { authorization: `Bearer ${bearerOf(auth)}`, accept: "application/json" };
  let payload: string | FormData | undefined;
  if (body && "json" in body) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body.json);
  } else if (body) payload = body.form; // fetch writes the multipart boundary
  const res = await ctx.fetch(xUrl(ctx, path, query), { method, headers, body: payload });
  return readJson<T>({ mapError: mapTwitterError }, res);
};

// A 2xx answer whose `errors` explain why `data` is missing (X's partial errors).
export const partialError = (errors: XProblem[] | undefined, fallback: string): NetworkError => {
  const first = errors?.[0];
  return mapTwitterError({
    status: 400,
    body: first
      ? { title: first.title, detail: first.detail ?? fallback, type: first.type }
      : { title: "Invalid Request", detail: fallback },
    headers: new Headers(),
  });
};
