import { z } from "zod";
import { NetworkError } from "../errors";
import { blueskyMeta } from "./meta";
import type { ConnectorContext, Identity, NetworkConnector, ProfileAuth, TokenSet } from "../types";
import { mapBlueskyError } from "./errors";
import { blueskyCommentSync } from "./comment-sync";
import { blueskyMessaging } from "./messaging";
import { deletePublishedBluesky, findPublishedBluesky, publishBluesky } from "./publish";
import { postStatsBluesky, profileStatsBluesky } from "./stats";
import { at, xrpcProcedure, xrpcQuery } from "./xrpc";

// Bluesky over plain XRPC (no SDK): an app password opens a session on the PDS or entryway
// (`NETWORK_BLUESKY_SERVICE_URL`, default https://bsky.social; a self-hosted PDS is reached by pointing
// the setting at it). The session's access JWT (~2 h) and refresh JWT (~90 d) are the profile's tokens;
// the identifier and app password are kept (encrypted) as credentials, so a session that cannot be
// refreshed any more is re-opened with them before the profile is given up (see `refresh`).
//
// Every call goes to service_url. The PDS named in the account's DID document is recorded as
// `metadata.pds_url` for reference (and avatar links) but is not called: the entryway proxies to it, and
// calling a host taken from a user-controlled DID document from the server would be an SSRF vector.

export const ZBlueskySettings = z.object({
  service_url: z.url().default("https://bsky.social"),
  // The chat service the PDS forwards chat.bsky.* calls to (atproto-proxy header).
  chat_service_did: z.string().default("did:web:api.bsky.chat"),
});
export type BlueskySettings = z.infer<typeof ZBlueskySettings>;
type Ctx = ConnectorContext<BlueskySettings>;

const ACCESS_TOKEN_FALLBACK_MS = 2 * 60 * 60 * 1000; // the PDS's documented access-JWT lifetime
const FULL_ACCESS_SCOPE = "com.atproto.access"; // a session opened with the account password, not an app password
const PRIVILEGED_APP_PASSWORD_SCOPE = "com.atproto.appPassPrivileged"; // app password allowed to use DMs

type DidDocument = { service?: { id?: string; type?: string; serviceEndpoint?: unknown }[] };
type Session = {
  accessJwt: string;
  refreshJwt: string;
  did: string;
  handle: string;
  didDoc?: DidDocument;
  active?: boolean;
  status?: string;
};

const jwtClaims = (jwt: string): { exp?: number; scope?: string } => {
  try {
    const payload = JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8")) as unknown;
    return payload && typeof payload === "object" ? (payload as { exp?: number; scope?: string }) : {};
  } catch {
    return {};
  }
};

const tokensOf = (session: Session): TokenSet => {
  const { exp, scope } = jwtClaims(session.accessJwt);
  return {
    accessToken: session.accessJwt,
    refreshToken: session.refreshJwt,
    expiresAt: new Date(typeof exp === "number" ? exp * 1000 : Date.now() + ACCESS_TOKEN_FALLBACK_MS),
    scopes: typeof scope === "string" ? [scope] : [],
  };
};

const pdsUrlOf = (didDoc: DidDocument | undefined): string | null => {
  const service = didDoc?.service?.find(
    (s) => s.id?.endsWith("#atproto_pds") && s.type === "AtprotoPersonalDataServer",
  );
  return typeof service?.serviceEndpoint === "string" ? service.serviceEndpoint : null;
};

const createSession = (ctx: Ctx, identifier: string, password: string) =>
  xrpcProcedure<Session>(ctx, "com.atproto.server.createSession", { identifier, password });

type ProfileView = { did?: string; handle?: string; displayName?: string; avatar?: string };
type BlobRef = { ref?: { $link?: string }; cid?: string; mimeType?: string };
type ProfileRecord = { value?: { displayName?: string; avatar?: BlobRef } };

const isAuthFailure = (err: unknown) => err instanceof NetworkError && err.kind === "auth_expired";

// Display name and avatar: the AppView's profile view (app.bsky.actor.getProfile, proxied by the PDS)
// when there is one, else the account's own profile record read from its repo (a PDS without an AppView,
// or an AppView outage), else just the handle. Only a failed session stops the connection.
const identityOf = async (
  ctx: Ctx,
  accessToken: string,
  session: { did: string; handle: string; didDoc?: DidDocument },
  scopes: string[],
): Promise<Identity> => {
  const pdsUrl = pdsUrlOf(session.didDoc);
  const metadata = {
    ...(pdsUrl && { pds_url: pdsUrl }),
    app_password_privileged: scopes.includes(PRIVILEGED_APP_PASSWORD_SCOPE),
  };
  const base = { externalId: session.did, username: session.handle, connectionExpiresAt: null };
  try {
    const view = await xrpcQuery<ProfileView>(ctx, "app.bsky.actor.getProfile", { actor: session.did }, accessToken);
    return {
      ...base,
      name: view.displayName?.trim() || session.handle,
      avatarUrl: view.avatar ?? null,
      metadata: { ...metadata, profile_source: "appview" },
    };
  } catch (err) {
    if (isAuthFailure(err)) throw err;
  }
  try {
    const record = await xrpcQuery<ProfileRecord>(
      ctx,
      "com.atproto.repo.getRecord",
      { repo: session.did, collection: "app.bsky.actor.profile", rkey: "self" },
      accessToken,
    );
    const cid = record.value?.avatar?.ref?.$link ?? record.value?.avatar?.cid;
    const blobBase = pdsUrl ?? ctx.settings.service_url;
    const avatarUrl = cid
      ? `${at(blobBase, "com.atproto.sync.getBlob")}?${new URLSearchParams({ did: session.did, cid }).toString()}`
      : null;
    return {
      ...base,
      name: record.value?.displayName?.trim() || session.handle,
      avatarUrl,
      metadata: { ...metadata, profile_source: "repo" },
    };
  } catch (err) {
    if (isAuthFailure(err)) throw err;
  }
  return { ...base, name: session.handle, avatarUrl: null, metadata: { ...metadata, profile_source: "none" } };
};

// A refusal while re-opening the session keeps its kind; the message says what happened.
const reopenFailed = (err: unknown): unknown =>
  err instanceof NetworkError
    ? new NetworkError(
        err.kind,
        `The Bluesky session ended and the app password was refused: ${err.message}`,
        err.details,
        err.retryAfterMs,
      )
    : err;

export const blueskyConnector: NetworkConnector<BlueskySettings> = {
  platform: "bluesky",
  displayName: blueskyMeta.displayName,
  settings: ZBlueskySettings,
  // Replies are polled and listed read-only (lib/services/comments/support.ts): no comment writes.
  comments: {},
  auth: {
    kind: "credentials",
    fields: blueskyMeta.credentialFields!,
    connect: async (ctx, credentials) => {
      const identifier = (credentials.identifier ?? "").replace(/^@/, "");
      const session = await createSession(ctx, identifier, credentials.app_password ?? "");
      const tokens = tokensOf(session);
      if (tokens.scopes?.includes(FULL_ACCESS_SCOPE)) {
        // Never keep the account password: end that session and ask for an app password.
        await xrpcProcedure(ctx, "com.atproto.server.deleteSession", undefined, session.refreshJwt).catch(
          () => undefined,
        );
        throw new NetworkError(
          "rejected",
          "That is the account password: create an app password in Bluesky (Settings, Privacy and security, App passwords) and use it instead",
        );
      }
      if (session.active === false)
        throw new NetworkError("rejected", `The account is ${session.status ?? "not active"}`);
      return { tokens, identity: await identityOf(ctx, tokens.accessToken, session, tokens.scopes ?? []) };
    },
  },
  identity: async (ctx, auth) => {
    const accessToken = auth.tokens?.accessToken;
    if (!accessToken) throw new NetworkError("auth_expired", "No Bluesky session");
    const session = await xrpcQuery<{ did: string; handle: string; didDoc?: DidDocument }>(
      ctx,
      "com.atproto.server.getSession",
      {},
      accessToken,
    );
    return identityOf(ctx, accessToken, session, auth.tokens?.scopes ?? []);
  },
  // com.atproto.server.refreshSession with the refresh JWT (it rotates: the answer carries a new one). When
  // the refresh JWT is refused (expired, revoked, unknown), the stored app password opens a new session
  // with the account's DID as identifier (handles can change). A revoked app password is refused there
  // too, which disconnects the profile (auth_expired); rate limits and outages are retried later.
  refresh: async (ctx, auth: ProfileAuth) => {
    const refreshJwt = auth.tokens?.refreshToken;
    if (refreshJwt) {
      try {
        return tokensOf(await xrpcProcedure<Session>(ctx, "com.atproto.server.refreshSession", undefined, refreshJwt));
      } catch (err) {
        if (!isAuthFailure(err)) throw err;
      }
    }
    const password = auth.credentials?.app_password;
    const identifier = auth.externalId ?? auth.credentials?.identifier;
    if (!password || !identifier)
      throw new NetworkError("auth_expired", "The Bluesky session ended and no app password is stored");
    let session: Session;
    try {
      session = await createSession(ctx, identifier, password);
    } catch (err) {
      throw reopenFailed(err);
    }
    if (auth.externalId && session.did !== auth.externalId)
      throw new NetworkError("rejected", "The stored Bluesky login now belongs to another account");
    return tokensOf(session);
  },
  // Posts and chains, and their deletion (publish.ts); no first comment (the post parameters have none).
  publish: publishBluesky,
  findPublished: findPublishedBluesky,
  deletePublished: deletePublishedBluesky,
  profileStats: profileStatsBluesky,
  postStats: postStatsBluesky,
  commentSync: blueskyCommentSync,
  // Direct messages through the chat service (messaging.ts).
  messaging: blueskyMessaging,
  mapError: mapBlueskyError,
};
