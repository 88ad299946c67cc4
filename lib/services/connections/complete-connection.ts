import "server-only";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { decryptSecret } from "@/lib/crypto";
import { callbackUrl } from "./callback-url";
import type { Environment, Platform } from "@/lib/generated/prisma/enums";
import { log } from "@/lib/log";
import { NetworkError } from "@/lib/networks/errors";
import { networkMeta } from "@/lib/networks/meta";
import { connectorFor } from "@/lib/networks/registry";
import type { AnyConnector, ConnectorContext, ProfileAuth, TokenSet } from "@/lib/networks/types";
import { contextFor } from "./context";
import { refreshAtFor } from "./refresh-schedule";
import { saveConnection } from "./save-connection";
import { verifyState } from "./state";

type Target = { accountId: string; environment: Environment; profileGroupId: string; platform: Platform };
type Ctx = ConnectorContext<Record<string, unknown>>;

// Identity and placements of a freshly authorised account, then the stored profile; where one grant
// brings several accounts (connector `identities`), one profile each (the first is returned).
const finish = async ({
  connector,
  ctx,
  target,
  tokens,
  credentials,
  identity: known,
}: {
  connector: AnyConnector;
  ctx: Ctx;
  target: Target;
  tokens: TokenSet | null;
  credentials: Record<string, string> | null;
  identity?: Awaited<ReturnType<AnyConnector["identity"]>>;
}) => {
  const auth: ProfileAuth = {
    externalId: known?.externalId ?? null,
    tokens,
    credentials,
    metadata: known?.metadata ?? {},
  };
  const identities = known
    ? [known]
    : connector.identities
      ? await connector.identities(ctx, auth)
      : [await connector.identity(ctx, auth)];
  const profiles = [];
  for (const identity of identities)
    profiles.push(
      await saveOne({
        connector,
        ctx,
        target,
        tokens,
        credentials,
        auth,
        identity,
        perAccount: !!connector.identities,
      }),
    );
  return profiles[0]!;
};

const saveOne = async ({
  connector,
  ctx,
  target,
  tokens,
  credentials,
  auth,
  identity,
  perAccount,
}: {
  connector: AnyConnector;
  ctx: Ctx;
  target: Target;
  tokens: TokenSet | null;
  credentials: Record<string, string> | null;
  auth: ProfileAuth;
  identity: Awaited<ReturnType<AnyConnector["identity"]>>;
  perAccount: boolean;
}) => {
  // A reconnect keeps what a network without a placement list (telegram) had found; each id is re-checked.
  const stored = await db.placement.findMany({
    where: { profile: { profileGroupId: target.profileGroupId, platform: target.platform }, externalId: { not: null } },
    select: { externalId: true },
    orderBy: { position: "asc" },
  });
  const knownPlacementIds = stored.flatMap((p) => (p.externalId ? [p.externalId] : []));
  const placements = connector.placements
    ? await connector.placements(ctx, {
        ...auth,
        externalId: identity.externalId,
        metadata: identity.metadata ?? {},
        knownPlacementIds,
      })
    : [];
  return saveConnection({
    target,
    identity,
    tokens,
    credentials,
    placements,
    announcesPlacementSync: networkMeta(connector.platform).capabilities.announcesPlacementSync,
    setsUp: connector.setup !== undefined,
    accountKey: perAccount ? identity.externalId : "",
    refreshAt: refreshAtFor(connector, tokens?.expiresAt),
  });
};

// Form-connected networks: the network checks the credentials now; a refusal is a 422 naming why.
export const completeCredentialsConnection = async ({
  connector,
  ctx,
  target,
  credentials,
}: {
  connector: AnyConnector;
  ctx: Ctx;
  target: Target;
  credentials: Record<string, string>;
}) => {
  if (connector.auth.kind !== "credentials") throw new Error("not a credentials connector");
  try {
    const { tokens, identity } = await connector.auth.connect(ctx, credentials);
    return await finish({ connector, ctx, target, tokens, credentials, identity });
  } catch (err) {
    if (err instanceof NetworkError)
      throw new ApiError("unprocessable", `${connector.displayName} refused the connection: ${err.message}`);
    throw err;
  }
};

export class ConnectionLinkError extends Error {}

const withParams = (url: string, params: Record<string, string>) => {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
};

// GET /connect/:platform/callback. Returns where to send the user: the integrator's redirect_url, with
// `profile_id` on success or `error` on refusal. A forged, reused or expired state never reaches the
// network (ConnectionLinkError: the route shows an error page, as there is no trusted redirect).
export const completeOAuthCallback = async ({
  platform,
  params,
}: {
  platform: string;
  params: Record<string, string>;
}): Promise<string> => {
  const attemptId = verifyState(params.state);
  if (!attemptId) throw new ConnectionLinkError("This connection link is not valid.");
  const { count } = await db.connectionAttempt.updateMany({
    where: { id: attemptId, platform: platform as Platform, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  if (count === 0)
    throw new ConnectionLinkError("This connection link has expired or was already used. Start again from your app.");
  const attempt = await db.connectionAttempt.findUniqueOrThrow({ where: { id: attemptId } });
  if (params.error) return withParams(attempt.redirectUrl, { error: params.error, platform });
  if (!params.code) return withParams(attempt.redirectUrl, { error: "missing_code", platform });

  const target = {
    accountId: attempt.accountId,
    environment: attempt.environment,
    profileGroupId: attempt.profileGroupId,
    platform: attempt.platform,
  };
  const { credentials } = JSON.parse(attempt.options ? decryptSecret(attempt.options) : "{}") as {
    credentials?: Record<string, string> | null;
  };
  try {
    const connector = connectorFor(target);
    if (connector.auth.kind !== "oauth") throw new NetworkError("rejected", "not an OAuth network");
    const ctx = contextFor(connector);
    const tokens = await connector.auth.exchangeCode(ctx, {
      code: params.code,
      redirectUri: callbackUrl(platform),
      codeVerifier: attempt.codeVerifier ? decryptSecret(attempt.codeVerifier) : "",
      credentials: credentials ?? null,
      callbackParams: params,
    });
    const profile = await finish({ connector, ctx, target, tokens, credentials: credentials ?? null });
    return withParams(attempt.redirectUrl, { profile_id: profile.id, platform, status: "connected" });
  } catch (err) {
    log.warn("connection failed", { platform, attemptId, error: err instanceof Error ? err.message : String(err) });
    const reason = err instanceof NetworkError ? err.message : "The connection could not be completed";
    return withParams(attempt.redirectUrl, { error: "connection_failed", error_description: reason, platform });
  }
};
