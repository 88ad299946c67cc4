import type { TPlatform } from "@/lib/schemas/common";
import type { ProfileAuth } from "../types";
import { connectorFor } from "../registry";

// For the sandbox tests: a connected sandbox account of `platform`, as ProfileAuth, and its placements.

export const sandboxCtx = (sleep: (ms: number) => Promise<void> = async () => {}) => ({
  settings: {},
  fetch: (async () => {
    throw new Error("the sandbox must not call the network");
  }) as typeof fetch,
  sleep,
});

export const sandboxAuth = async (platform: TPlatform, name = "Acme"): Promise<ProfileAuth> => {
  const connector = connectorFor({ platform: platform, environment: "sandbox" });
  const ctx = sandboxCtx();
  const tokens =
    connector.auth.kind === "credentials"
      ? (await connector.auth.connect(ctx, { identifier: name })).tokens
      : await connector.auth.exchangeCode(ctx, {
          code: "sandbox-approved",
          redirectUri: "https://app.test/cb",
          codeVerifier: "v",
          credentials: null,
          callbackParams: { sandbox_account: name },
        });
  const identity = await connector.identity(ctx, { externalId: null, tokens, credentials: null, metadata: {} });
  return { externalId: identity.externalId, tokens, credentials: null, metadata: identity.metadata ?? {} };
};

export const firstPlacement = async (platform: TPlatform, auth: ProfileAuth) => {
  const placements =
    (await connectorFor({ platform: platform, environment: "sandbox" }).placements?.(sandboxCtx(), auth)) ?? [];
  const placement = placements.find((p) => p.externalId !== null);
  return placement ? { externalId: placement.externalId, accessToken: null, metadata: placement.metadata } : null;
};
