import type { TAccountKey, TApiKey } from "@/lib/schemas/api-keys";

type KeyRow = { id: string; name: string; environment: "live" | "sandbox"; tokenHint: string; createdAt: Date };

// `token` only ever comes from the create call; it is never read back from the database.
export const serializeApiKey = (k: KeyRow & { profileGroupId: string | null }, token?: string): TApiKey => ({
  id: k.id,
  name: k.name,
  profile_group_id: k.profileGroupId ?? "",
  sandbox: k.environment === "sandbox",
  token_hint: k.tokenHint,
  created_at: k.createdAt.toISOString(),
  ...(token !== undefined && { token }),
});

export const serializeAccountKey = (k: KeyRow, token?: string): TAccountKey => ({
  id: k.id,
  name: k.name,
  sandbox: k.environment === "sandbox",
  token_hint: k.tokenHint,
  created_at: k.createdAt.toISOString(),
  ...(token !== undefined && { token }),
});
