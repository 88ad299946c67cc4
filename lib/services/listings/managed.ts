import "server-only";
import { ApiError, badRequest, notFound, unprocessable } from "@/lib/errors";
import { serializeErrorDetails } from "@/lib/serializers/post";
import type { Principal } from "@/lib/principal";
import { db } from "@/lib/db/client";
import { NetworkError } from "@/lib/networks/errors";
import { ManagementError } from "@/lib/networks/management";
import { connectorFor } from "@/lib/networks/registry";
import type { AnyConnector, ConnectorContext, ManagedPlacement, Management, ProfileAuth } from "@/lib/networks/types";
import { connectorStore } from "@/lib/services/connections/connector-store";
import { contextFor } from "@/lib/services/connections/context";
import { placementAuthOf, profileAuthOf } from "@/lib/services/connections/profile-auth";
import { refreshProfileConnection } from "@/lib/services/connections/refresh-connections";
import { freshAuth } from "@/lib/services/posts/publish-input";
import { getProfileOrThrow } from "@/lib/services/profiles/profiles";

// One management call (a listing's location, a page; a mention lookup without placement) for the caller: the profile in the caller's scope
// (404), the placement named by `placementParam` (400 when missing, 404 when the profile has no such
// placement - another group's or account's location answers exactly like a missing one), a network
// that has this kind of management (422 otherwise), and a working connection (422 when it needs
// re-authentication). An expired token is refreshed and the call repeated once; a rate limit that asks
// for a short wait is waited out once; everything else becomes the spec's status:
//   ManagementError invalid 400, not_found 404, forbidden 403, unprocessable 422
//   NetworkError auth_expired 422 (re-authenticate), rejected 422, rate_limited 429 with Retry-After,
//   outcome_unknown (5xx, no answer) 502
// 4xx/5xx bodies from the network carry `error_details` (platform_error_code, _subcode, _message).

type Kind = keyof Management<Record<string, unknown>>;
type Capability<K extends Kind> = NonNullable<Management<Record<string, unknown>>[K]>;

const QUICK_RETRY_MS = 3_000;
const WHAT: Record<Kind, string> = {
  listings: "business listings",
  pages: "page management",
  mentions: "mention lookups",
};
const REAUTH =
  "The connection needs re-authentication: reconnect the profile (initialize_connection with refresh_connection)";

const withDetails = (details: NetworkError["details"] | null | undefined) =>
  details ? { error_details: serializeErrorDetails(details) } : undefined;

export const managementError = (err: unknown, network: string): unknown => {
  if (err instanceof ManagementError) {
    if (err.kind === "invalid") return badRequest(err.message);
    if (err.kind === "not_found") return notFound();
    if (err.kind === "forbidden") return new ApiError("forbidden", err.message, { extra: withDetails(err.details) });
    return unprocessable(err.messages, withDetails(err.details));
  }
  if (!(err instanceof NetworkError)) return err;
  if (err.kind === "auth_expired") return unprocessable([REAUTH], withDetails(err.details));
  if (err.kind === "rejected") return unprocessable([err.message], withDetails(err.details));
  if (err.kind === "rate_limited") {
    const seconds = Math.max(1, Math.ceil((err.retryAfterMs ?? 60_000) / 1000));
    return new ApiError(
      "too_many_requests",
      `${network} is rate limiting these calls; retry after ${seconds} seconds`,
      {
        headers: { "Retry-After": String(seconds) },
        extra: { retry_after: seconds, ...withDetails(err.details) },
      },
    );
  }
  return new ApiError("bad_gateway", `${network} did not accept the call: ${err.message}`, {
    extra: withDetails(err.details),
  });
};

// The connector's context with the profile's store (the sandbox keeps its simulated listings there).
const managedContext = (connector: AnyConnector, profileId: string) => ({
  ...contextFor(connector),
  store: connectorStore(profileId),
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const capabilityOf = async <K extends Kind>(principal: Principal, profileId: string, kind: K) => {
  const profile = await getProfileOrThrow({ principal, id: profileId });
  const connector: AnyConnector = connectorFor(profile);
  const capability = connector.management?.[kind] as Capability<K> | undefined;
  if (!capability) throw unprocessable([`${connector.displayName} profiles have no ${WHAT[kind]}`]);
  return { profile, connector, capability };
};

// Runs `call` with fresh auth: an expired token is refreshed and the call repeated once, a short rate
// limit waited out once; failures become ApiErrors.
const withFreshAuth = async <T>(
  connector: AnyConnector,
  profile: { id: string; status: string },
  call: (auth: ProfileAuth) => Promise<T>,
): Promise<T> => {
  if (profile.status !== "active") throw unprocessable([REAUTH]);
  const attempt = async (again: boolean): Promise<T> => {
    const fresh = await freshAuth(connector, profile.id);
    if (fresh.status !== "active") throw unprocessable([REAUTH]);
    try {
      return await call(profileAuthOf(fresh));
    } catch (err) {
      if (again && err instanceof NetworkError && err.kind === "auth_expired" && connector.refresh) {
        await refreshProfileConnection({ profileId: profile.id });
        return attempt(false);
      }
      if (
        again &&
        err instanceof NetworkError &&
        err.kind === "rate_limited" &&
        (err.retryAfterMs ?? Infinity) <= QUICK_RETRY_MS
      ) {
        await sleep(err.retryAfterMs ?? 0);
        return attempt(false);
      }
      throw managementError(err, connector.displayName);
    }
  };
  return attempt(true);
};

export const withManaged = async <K extends Kind, T>({
  principal,
  profileId,
  kind,
  placementParam,
  placementId,
  run,
}: {
  principal: Principal;
  profileId: string;
  kind: K;
  placementParam: string;
  placementId: string | undefined;
  run: (
    capability: Capability<K>,
    ctx: ConnectorContext<Record<string, unknown>>,
    target: ManagedPlacement,
  ) => Promise<T>;
}): Promise<T> => {
  const { profile, connector, capability } = await capabilityOf(principal, profileId, kind);
  if (!placementId?.trim()) throw badRequest(`param is missing or the value is empty: ${placementParam}`);
  const row = await db.placement.findFirst({ where: { profileId: profile.id, externalId: placementId.trim() } });
  if (!row) throw notFound();
  const ctx = managedContext(connector, profile.id);
  return withFreshAuth(connector, profile, (auth) => run(capability, ctx, { auth, placement: placementAuthOf(row) }));
};

// A profile-level management call (no placement): mention lookups.
export const withProfileManaged = async <K extends Kind, T>({
  principal,
  profileId,
  kind,
  run,
}: {
  principal: Principal;
  profileId: string;
  kind: K;
  run: (capability: Capability<K>, ctx: ConnectorContext<Record<string, unknown>>, auth: ProfileAuth) => Promise<T>;
}): Promise<T> => {
  const { profile, connector, capability } = await capabilityOf(principal, profileId, kind);
  const ctx = managedContext(connector, profile.id);
  return withFreshAuth(connector, profile, (auth) => run(capability, ctx, auth));
};

// The `fields` write pattern: every name in `fields` must be a key of the body (400 otherwise); a
// value of null clears the field, any other value replaces it wholesale.
export const fieldsWrite = (body: Record<string, unknown>, fields: string[]) => {
  const missing = fields.filter((f) => !Object.hasOwn(body, f));
  if (missing.length > 0)
    throw badRequest(
      `fields names ${missing.join(", ")} but the body has no value for it (send null to clear a field)`,
    );
  return { fields, values: Object.fromEntries(fields.filter((f) => body[f] !== null).map((f) => [f, body[f]])) };
};
