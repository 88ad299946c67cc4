import { z } from "zod";
import type { TPlatform } from "@/lib/schemas/common";
import { NetworkError } from "../errors";
import { networkMeta } from "../meta";
import { CREDENTIAL_FIELDS, DISPLAY_NAMES } from "../platforms";
import { sandboxProfile } from "../sandboxes";
import type { AnyConnector, Identity, ProfileAuth, TokenSet } from "../types";
import { sandboxPlacements, type SandboxAccount } from "./accounts";
import { sandboxManagement } from "./management";
import { sandboxCommentSync } from "./audience";
import { sandboxComments } from "./comments";
import { sandboxMessaging } from "./messaging";
import { createFirstCommentSandbox, deletePublishedSandbox, findPublishedSandbox, publishSandbox } from "./publish";
import { postStatsSandbox, profileStatsSandbox } from "./stats";

// The sandbox network: profiles of sandbox-environment groups connect here for any platform, without
// leaving the app. OAuth platforms go through a simulated consent screen (/connect/sandbox/consent); the
// form-based ones (bluesky, telegram) accept any well-formed credentials. The simulated account travels in
// the access token, so identity and placements are stable for the life of the connection.
// Posts are checked with the platform's real post rules and published on a simulated network (publish.ts:
// delays, failure triggers such as #sandbox-fail in the body, the real network's media size limits,
// read-back, deletion); stats are simulated (stats.ts).
// Listings (google_business), pages (facebook) and mention lookups (linkedin) run the real connector's
// management against simulated hosts whose state persists in the profile's connector store (management/).
// Direct messages have simulated participants who write first and answer (messaging.ts).

const ZSettings = z.object({ app_url: z.string().optional() });

const encode = (account: SandboxAccount) => `sandbox.${Buffer.from(JSON.stringify(account)).toString("base64url")}`;

const payloadOf = (token: string | undefined): unknown => {
  try {
    return token?.startsWith("sandbox.") ? JSON.parse(Buffer.from(token.slice(8), "base64url").toString("utf8")) : null;
  } catch {
    return null; // not a token the sandbox issued
  }
};

const decode = (token: string | undefined): SandboxAccount => {
  const parsed = z.object({ id: z.string(), name: z.string() }).safeParse(payloadOf(token));
  if (!parsed.success) throw new NetworkError("auth_expired", "Invalid sandbox token");
  return parsed.data;
};

const accountFrom = (auth: ProfileAuth) => decode(auth.tokens?.accessToken);

const newAccount = (platform: TPlatform, name: string | undefined): SandboxAccount => ({
  id: `sbx_${platform}_${Math.random().toString(36).slice(2, 12)}`,
  name: name?.trim().slice(0, 80) || `Sandbox ${DISPLAY_NAMES[platform]}`,
});

const tokensFor = (account: SandboxAccount): TokenSet => ({
  accessToken: encode(account),
  refreshToken: `sandbox-refresh.${account.id}`,
  expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  scopes: ["sandbox"],
});

const identityOf = (platform: TPlatform, account: SandboxAccount): Identity => ({
  externalId: account.id,
  name: account.name,
  username: account.name.toLowerCase().replace(/[^a-z0-9]+/g, "_"),
  avatarUrl: null,
  metadata: { sandbox: true, platform },
});

export const SANDBOX_CONSENT_PATH = "/connect/sandbox/consent";

const cache = new Map<TPlatform, AnyConnector>();

// `real`: the platform's real connector (registry.ts passes it). The sandbox mirrors what it offers: the
// same post rules, and first comments, deletion and comment writes only where the real network has them.
export const sandboxConnector = (platform: TPlatform, real: AnyConnector | undefined): AnyConnector => {
  const cached = cache.get(platform);
  if (cached) return cached;
  const fields = CREDENTIAL_FIELDS[platform];
  const connector: AnyConnector = {
    platform,
    displayName: `${DISPLAY_NAMES[platform]} (sandbox)`,
    settings: ZSettings,
    auth: fields
      ? {
          kind: "credentials",
          fields,
          connect: async (_ctx, credentials) => {
            const account = newAccount(platform, credentials.identifier ?? `${DISPLAY_NAMES[platform]} bot`);
            return { tokens: tokensFor(account), identity: identityOf(platform, account) };
          },
          ...(sandboxProfile(platform).connectNextStep !== undefined && {
            nextStep: sandboxProfile(platform).connectNextStep,
          }),
        }
      : {
          kind: "oauth",
          authorizeUrl: (_ctx, start) => {
            const url = new URL(SANDBOX_CONSENT_PATH, start.redirectUri);
            url.search = new URLSearchParams({
              platform,
              state: start.state,
              redirect_uri: start.redirectUri,
            }).toString();
            return url.toString();
          },
          exchangeCode: async (_ctx, { code, callbackParams }) => {
            if (code !== "sandbox-approved") throw new NetworkError("rejected", "Unknown sandbox authorization code");
            return tokensFor(newAccount(platform, callbackParams.sandbox_account));
          },
        },
    identity: async (_ctx, auth) => identityOf(platform, accountFrom(auth)),
    placements: async (_ctx, auth) => sandboxPlacements(platform, accountFrom(auth)),
    refresh: async (_ctx, auth) => tokensFor(accountFrom(auth)),
    mapError: ({ status }) => new NetworkError("rejected", `Sandbox error ${status}`),
  };
  // Publishing: on the networks that take posts (their post rules are the network's meta).
  if (networkMeta(platform).postRules) {
    connector.publish = async (ctx, input) => publishSandbox(platform, accountFrom(input.auth), ctx, input);
    connector.findPublished = async (ctx, input) => {
      accountFrom(input.auth);
      return findPublishedSandbox(ctx, input);
    };
    if (real?.deletePublished) {
      connector.deletePublished = async (ctx, input) => {
        accountFrom(input.auth);
        return deletePublishedSandbox(ctx, input.externalId);
      };
    }
    if (real?.createFirstComment) {
      connector.createFirstComment = async (ctx, input) => {
        accountFrom(input.auth);
        return createFirstCommentSandbox(ctx, input);
      };
    }
  }
  // Comments: the real network's capability, on the simulated network (comments.ts).
  const comments = sandboxComments(real?.comments, (auth) => void accountFrom(auth));
  if (comments) connector.comments = comments;
  // The simulated audience: comments on published posts, reviews and recommendations (audience.ts).
  const commentSync = sandboxCommentSync(platform, real, (auth) => void accountFrom(auth));
  if (commentSync) connector.commentSync = commentSync;
  // Stats: simulated, where the real network has them.
  if (real?.profileStats) {
    connector.profileStats = async (_ctx, { auth, placement }) =>
      profileStatsSandbox(platform, accountFrom(auth), placement);
    connector.postStats = async (_ctx, { auth, postExternalId, params }) => {
      accountFrom(auth);
      return postStatsSandbox(platform, postExternalId, params);
    };
  }
  // Direct messages: the platform's send rules with simulated participants (messaging.ts).
  const messaging = sandboxMessaging(platform, real, (auth) => void accountFrom(auth));
  if (messaging) connector.messaging = messaging;
  // After connecting: where the real network mirrors message templates, the sandbox mirrors its own.
  const messageTemplates = sandboxProfile(platform).messageTemplates;
  if (real?.setup && messageTemplates) {
    const templates = messageTemplates.setup((auth) => sandboxPlacements(platform, accountFrom(auth)));
    connector.setup = templates.setup;
    connector.syncState = templates.syncState;
  }
  const management = sandboxManagement(platform, real, accountFrom);
  if (management) connector.management = management;
  cache.set(platform, connector);
  return connector;
};
