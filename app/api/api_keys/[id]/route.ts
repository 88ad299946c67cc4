import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/api-keys";
import { revokeScopedKey } from "@/lib/services/api-keys/scoped-keys";

// DELETE /api/api_keys/:id – revoke a scoped key, effective on its next request
export const DELETE = apiRoute(contract.revokeApiKey, async ({ principal, params }) =>
  ok(await revokeScopedKey({ principal, id: params.id })),
);
