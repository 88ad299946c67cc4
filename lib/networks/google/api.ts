import { z } from "zod";
import { NetworkError, details } from "../errors";
import { readJson } from "../http";
import type { ConnectorContext, ProfileAuth } from "../types";
import { googleReads, mapGoogleError } from "./errors";

// What the youtube and google_business publishing and stats code shares: authorised JSON calls with the
// profile's access token, the read-back conventions and status polling.

export const accessTokenOf = (auth: ProfileAuth): string => {
  const token = auth.tokens?.accessToken;
  if (!token) throw new NetworkError("auth_expired", "No Google access token is stored");
  return token;
};

export const googleWrites = { mapError: (failure: Parameters<typeof mapGoogleError>[0]) => mapGoogleError(failure) };

// The HTTP exchange of a JSON call with the profile's token (the caller reads the answer).
export const googleRequest = (
  ctx: { fetch: typeof fetch },
  url: URL | string,
  auth: ProfileAuth,
  { method = "GET", json }: { method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE"; json?: unknown },
) =>
  ctx.fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${accessTokenOf(auth)}`,
      accept: "application/json",
      ...(json !== undefined && { "content-type": "application/json; charset=UTF-8" }),
    },
    ...(json !== undefined && { body: JSON.stringify(json) }),
  });

// A JSON call with the profile's token. Writes map a 5xx to outcome_unknown (it may have taken effect),
// reads to "retry later" (errors.ts). A 2xx whose body is not what Google documents: a write may have
// happened, so outcome_unknown either way.
export const googleJson = async <T>(
  ctx: { fetch: typeof fetch },
  url: URL | string,
  auth: ProfileAuth,
  {
    method = "GET",
    json,
    schema,
    what,
  }: { method?: "GET" | "POST" | "PATCH" | "PUT"; json?: unknown; schema: z.ZodType<T>; what: string },
): Promise<T> => {
  const res = await googleRequest(ctx, url, auth, { method, json });
  const parsed = schema.safeParse(await readJson(method === "GET" ? googleReads : googleWrites, res));
  if (!parsed.success) throw new NetworkError("outcome_unknown", `Unexpected answer from Google (${what})`);
  return parsed.data;
};

// A DELETE with the profile's token (videos.delete answers 204, the My Business v4 deletes 200 `{}`).
// Deleting is idempotent: a 404 that Google's API gave (its error object, NOT_FOUND or a *NotFound
// reason such as videoNotFound) means the thing is already gone, and resolves. Anything else goes
// through the write mapping, as publishing does (a 5xx is outcome_unknown: the delete may have happened;
// repeating it is safe).
export const googleDelete = async (
  ctx: { fetch: typeof fetch },
  url: URL | string,
  auth: ProfileAuth,
): Promise<void> => {
  const res = await ctx.fetch(url, {
    method: "DELETE",
    headers: { authorization: `Bearer ${accessTokenOf(auth)}`, accept: "application/json" },
  });
  if (res.status === 404) {
    const text = await res.text();
    if (isGoneAnswer(text)) return;
    throw googleWrites.mapError({ status: res.status, body: parsedOrText(text), headers: res.headers });
  }
  await readJson(googleWrites, res);
};

const parsedOrText = (text: string): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return text;
  }
};

const ZNotFound = z.object({
  error: z.object({
    status: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
});
// A 404 from the API itself, not from a wrong path in front of it (an HTML page).
const isGoneAnswer = (text: string) => {
  const parsed = ZNotFound.safeParse(parsedOrText(text));
  if (!parsed.success) return false;
  const { status, errors = [] } = parsed.data.error;
  return status === "NOT_FOUND" || errors.some((e) => /notfound/i.test(e.reason ?? ""));
};

export const withQuery = (url: string, query: Record<string, string | string[] | undefined>) => {
  const out = new URL(url);
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) for (const item of v) out.searchParams.append(k, item);
    else if (v !== undefined) out.searchParams.set(k, v);
  }
  return out;
};

// findPublished matches posts created within this window before the read-back (neither network lets us
// tag a post with our reference, so the match is on content, target and time).
export const READ_BACK_WINDOW_MS = 24 * 3600_000;
export const isRecent = (iso: string | null | undefined, now = Date.now()) => {
  const t = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(t) && t >= now - READ_BACK_WINDOW_MS && t <= now + 5 * 60_000;
};

// Texts as Google gives them back: line endings normalised, outer white space trimmed.
export const sameText = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? "").replace(/\r\n?/g, "\n").trim() === (b ?? "").replace(/\r\n?/g, "\n").trim();

// A read-back that failed cannot tell whether the post exists: outcome_unknown (keeping the wait a rate
// limit asked for), except an expired token, which the caller refreshes and retries.
export const readBack = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    if (err instanceof NetworkError && err.kind === "auth_expired") throw err;
    const e = err instanceof NetworkError ? err : null;
    throw new NetworkError(
      "outcome_unknown",
      `Could not read back the ${what} from Google: ${e?.message ?? "unexpected error"}`,
      e?.details,
      e?.retryAfterMs ?? null,
    );
  }
};

export const sleeper = (ctx: Pick<ConnectorContext<unknown>, "sleep">) =>
  ctx.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

// Polls `read` until `settled` says so, at most `attempts` times `intervalMs` apart. A read that fails
// ends the polling quietly (null): the thing polled already exists, so the caller reports success.
export const pollUntil = async <T>(
  ctx: Pick<ConnectorContext<unknown>, "sleep">,
  { attempts, intervalMs }: { attempts: number; intervalMs: number },
  read: () => Promise<T>,
  settled: (value: T) => boolean,
): Promise<T | null> => {
  const sleep = sleeper(ctx);
  let last: T | null = null;
  for (let i = 0; i < attempts; i++) {
    await sleep(intervalMs);
    try {
      last = await read();
    } catch {
      return last;
    }
    if (settled(last)) return last;
  }
  return last;
};

export const rejected = (
  message: string,
  code: string,
  subcode: string | null = null,
  platformMessage: string | null = null,
) => new NetworkError("rejected", message, details(code, subcode, platformMessage));

// Google's int64 values are JSON strings; absent stays null.
export const count = (v: unknown): number | null => {
  if (v === undefined || v === null || v === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};
