import { apiRoute, created } from "@/lib/api/route";
import { clientAddress } from "@/lib/auth/client-address";
import * as contract from "@/lib/contracts/system";
import { createOwner } from "@/lib/services/users/create-owner";

// POST /api/setup – first run: create the owner (refused once any staff user exists)
export const POST = apiRoute(contract.setupOwner, async ({ body, req }) => {
  const user = await createOwner({ input: body, ip: clientAddress(req.headers) });
  return created({ id: user.id, email: user.email });
});
