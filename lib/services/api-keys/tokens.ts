import { sha256Hex } from "@/lib/crypto";
import { randomBase58 } from "@/lib/ids";
import type { ApiKeyKind, Environment } from "@/lib/generated/prisma/enums";

// Tokens are shown once and stored only as SHA-256 (plus a short hint for display).
// The prefix tells a human which environment a leaked token belongs to.
export const mintToken = ({ kind, environment }: { kind: ApiKeyKind; environment: Environment }) => {
  const token = `${kind === "oauth" ? "oat" : "sk"}_${environment}_${randomBase58(32)}`;
  return { token, tokenHash: sha256Hex(token), tokenHint: token.slice(-4) };
};

export const hashToken = (token: string): string => sha256Hex(token);
