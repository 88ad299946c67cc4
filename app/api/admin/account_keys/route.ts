import { apiRoute, created, ok } from "@/lib/api/route";
import { serializeAccountKey } from "@/lib/serializers/api-key";
import * as contract from "@/lib/contracts/api-keys";
import { createAccountKey, listAccountKeys } from "@/lib/services/api-keys/account-keys";

// GET /api/admin/account_keys – account-wide keys of both environments (staff session)
export const GET = apiRoute(contract.listAccountKeys, async ({ principal }) =>
  ok({ data: (await listAccountKeys({ principal })).map((k) => serializeAccountKey(k)) }),
);

// POST /api/admin/account_keys – mint an account-wide key (staff session)
export const POST = apiRoute(contract.createAccountKey, async ({ principal, body }) => {
  const { key, token } = await createAccountKey({
    accountId: principal.accountId,
    environment: body.environment,
    name: body.name,
  });
  return created(serializeAccountKey(key, token));
});
