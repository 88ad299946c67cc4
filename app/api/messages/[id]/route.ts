import { apiRoute, ok } from "@/lib/api/route";
import { serializeMessage } from "@/lib/api/serializers/message";
import * as contract from "@/lib/contracts/messages";
import { getMessageOrThrow } from "@/lib/services/messages/read-messages";

// GET /api/messages/:id – a message by id or the network's id
export const GET = apiRoute(contract.getMessage, async ({ principal, params }) =>
  ok(serializeMessage(await getMessageOrThrow({ principal, id: params.id }))),
);
