import { apiRoute, ok } from "@/lib/api/route";
import { serializeMessage } from "@/lib/serializers/message";
import * as contract from "@/lib/contracts/messages";
import { editMessage } from "@/lib/services/messages/edit";
import { getMessageOrThrow } from "@/lib/services/messages/read-messages";

// GET /api/messages/:id – a message by id or the network's id
export const GET = apiRoute(contract.getMessage, async ({ principal, params }) =>
  ok(serializeMessage(await getMessageOrThrow({ principal, id: params.id }))),
);

// PATCH /api/messages/:id – edit one of our sent messages (telegram); body `body`
export const PATCH = apiRoute(contract.editMessage, async ({ principal, params, body }) =>
  ok(serializeMessage(await editMessage({ principal, id: params.id, input: body }))),
);
