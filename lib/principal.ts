import type { Environment } from "@/lib/generated/prisma/enums";

// Who is calling. Every service scopes its queries through this object.
export type PrincipalKind = "account_key" | "scoped_key" | "oauth_token" | "session";

export type Principal = {
  kind: PrincipalKind;
  accountId: string;
  environment: Environment;
  profileGroupId: string | null; // set only for scoped keys
  apiKeyId: string | null;
  userId: string | null;
};

// Account-wide principals may manage keys and groups; scoped keys and OAuth tokens may not.
export const isAccountWide = (p: Principal): boolean => p.kind === "account_key" || p.kind === "session";

// Where-clause for rows owned by a profile group (or the group itself, with `idField: "id"`).
export const groupScope = (p: Principal, idField: "id" | "profileGroupId" = "profileGroupId") => ({
  accountId: p.accountId,
  environment: p.environment,
  ...(p.profileGroupId ? { [idField]: p.profileGroupId } : {}),
});

// Idempotency records are separated per caller scope so a replay never crosses environment or group.
export const idempotencyScope = (p: Principal): string => `${p.environment}:${p.profileGroupId ?? "*"}`;
