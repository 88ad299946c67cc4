import { z } from "zod";
import { NetworkError } from "../errors";
import { googleRequest } from "../google/api";
import { mapGoogleError } from "../google/errors";
import { at } from "../google/oauth";
import { ManagementError, notReachable, unprocessableBy } from "../management";
import type { ConnectorContext, JsonObject, ManagedPlacement, PageQuery, ProfileAuth } from "../types";

// The HTTP side of location management (listing-*.ts): JSON calls to the Business Information v1,
// Place Actions v1 and My Business v4 APIs with the profile's token. Google's answers pass through
// unchanged. Failures: a token missing the scope (ACCESS_TOKEN_SCOPE_INSUFFICIENT) -> forbidden (403);
// NOT_FOUND or PERMISSION_DENIED on a location or item -> not reachable (404);
// any other refusal -> unprocessable with Google's message, each BadRequest field violation, and the
// error details; 401, quota (429 / RESOURCE_EXHAUSTED) and 5xx stay NetworkErrors (re-authentication,
// Retry-After, unavailable). Every call is a write-mapped one: a 5xx is "may or may not have happened".

export type ListingSettings = { business_information_url: string; mybusiness_url: string; place_actions_url: string };
export type ListingCtx = ConnectorContext<ListingSettings>;

const LOCATION = /^accounts\/[^/]+\/locations\/([^/]+)$/;

// The placement id is the v4 path accounts/{a}/locations/{l}; the v1 APIs name the location locations/{l}.
export const namesOf = ({ placement }: ManagedPlacement) => {
  const match = LOCATION.exec(placement.externalId ?? "");
  if (!match) throw notReachable("Location");
  return { v4: placement.externalId!, v1: `locations/${match[1]}` };
};

export const businessInformation = (ctx: ListingCtx, path: string) => at(ctx.settings.business_information_url, path);
export const myBusiness = (ctx: ListingCtx, name: string) => at(ctx.settings.mybusiness_url, `/${name}`);
export const placeActions = (ctx: ListingCtx, path: string) => at(ctx.settings.place_actions_url, path);

export const withQuery = (url: string, query: Record<string, string | number | undefined>) => {
  const out = new URL(url);
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== "") out.searchParams.set(k, String(v));
  return out;
};
export const paging = (q: PageQuery) => ({ pageSize: q.pageSize, pageToken: q.pageToken });

const ZViolations = z.object({
  error: z.object({
    details: z
      .array(
        z
          .object({
            fieldViolations: z
              .array(z.object({ field: z.string().optional(), description: z.string().optional() }))
              .optional(),
          })
          .loose(),
      )
      .optional(),
  }),
});
const violationsOf = (body: unknown): string[] => {
  const parsed = ZViolations.safeParse(body);
  if (!parsed.success) return [];
  return (parsed.data.error.details ?? [])
    .flatMap((d) => d.fieldViolations ?? [])
    .map((v) => [v.field, v.description].filter(Boolean).join(": "));
};

// A token without the business.manage scope: a permission the connection lacks (403), not a location
// the account cannot see (PERMISSION_DENIED otherwise, 404).
const SCOPE_MISSING = "ACCESS_TOKEN_SCOPE_INSUFFICIENT";

const failure = (err: NetworkError, body: unknown, what: string): Error => {
  if (err.kind !== "rejected") return err;
  const { platformErrorCode: code, platformErrorSubcode: subcode, platformErrorMessage: message } = err.details;
  if (code === SCOPE_MISSING)
    return new ManagementError(
      "forbidden",
      [`Google refused the permission: ${message ?? err.message} (reconnect the profile and grant business.manage)`],
      err.details,
    );
  if ([code, subcode].some((c) => c === "NOT_FOUND" || c === "PERMISSION_DENIED"))
    return notReachable(what, err.details);
  return new ManagementError(
    "unprocessable",
    [`Google refused the ${what.toLowerCase()}: ${message ?? err.message}`, ...violationsOf(body)],
    err.details,
  );
};

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

export const googleCall = async (
  ctx: ListingCtx,
  auth: ProfileAuth,
  {
    method = "GET",
    url,
    json,
    what,
  }: { method?: "GET" | "POST" | "PATCH" | "DELETE"; url: URL | string; json?: unknown; what: string },
): Promise<JsonObject> => {
  const res = await googleRequest(ctx, url, auth, { method, json });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? (JSON.parse(text) as unknown) : {};
  } catch {
    // keep the text for the error mapping
  }
  if (!res.ok) throw failure(mapGoogleError({ status: res.status, body, headers: res.headers }), body, what);
  if (!isObject(body)) throw new NetworkError("outcome_unknown", `Unexpected answer from Google (${what})`);
  return body;
};

// Every page of a list (for the availability checks before a write).
export const allItems = async (
  fetchPage: (pageToken: string | undefined) => Promise<JsonObject>,
  key: string,
): Promise<JsonObject[]> => {
  const items: JsonObject[] = [];
  let token: string | undefined;
  for (let page = 0; page < 20; page++) {
    const body = await fetchPage(token);
    const list = body[key];
    if (Array.isArray(list)) items.push(...list.filter(isObject));
    token = typeof body.nextPageToken === "string" && body.nextPageToken ? body.nextPageToken : undefined;
    if (!token) break;
  }
  return items;
};

// The location's metadata flags (canModifyServiceList, canHaveFoodMenus, …), for the gates.
export const metadataOf = async (ctx: ListingCtx, mp: ManagedPlacement): Promise<JsonObject> => {
  const location = await googleCall(ctx, mp.auth, {
    url: withQuery(businessInformation(ctx, `/${namesOf(mp).v1}`), { readMask: "metadata" }),
    what: "Location",
  });
  return isObject(location.metadata) ? location.metadata : {};
};

export const requireFlag = async (ctx: ListingCtx, mp: ManagedPlacement, flag: string, what: string) => {
  if ((await metadataOf(ctx, mp))[flag] !== true) throw unprocessableBy(`${flag} is false for this location: ${what}`);
};
