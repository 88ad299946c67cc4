import { apiRoute, created, ok } from "@/lib/api/route";
import { serializeApiKey } from "@/lib/serializers/api-key";
import * as contract from "@/lib/contracts/api-keys";
import { createScopedKey, listScopedKeys } from "@/lib/services/api-keys/scoped-keys";

// GET /api/api_keys – scoped keys of the caller's environment, newest first, no tokens
export const GET = apiRoute(contract.listApiKeys, async ({ principal }) =>
  ok({ data: (await listScopedKeys({ principal })).map((k) => serializeApiKey(k)) }),
);

// POST /api/api_keys – mint a profile-group-scoped key; the only response that carries its token
export const POST = apiRoute(contract.createApiKey, async ({ principal, body }) => {
  const { key, token } = await createScopedKey({ principal, input: body });
  return created(serializeApiKey(key, token));
});
