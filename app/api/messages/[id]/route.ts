import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/messages";
import { getMessage } from "@/lib/services/messages/read-messages";

// GET /api/messages/:id – a message by id or the network's id
export const GET = apiRoute(contract.getMessage, async ({ principal, params }) =>
  ok(await getMessage({ principal, id: params.id })),
);
