import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/api-keys";
import { revokeAccountKey } from "@/lib/services/api-keys/account-keys";

// DELETE /api/admin/account_keys/:id – revoke an account-wide key (staff session)
export const DELETE = apiRoute(contract.revokeAccountKey, async ({ principal, params }) =>
  ok(await revokeAccountKey({ principal, id: params.id })),
);
