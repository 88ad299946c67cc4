import { apiRoute, ok } from "@/lib/api/route";
import { serializeMessage } from "@/lib/serializers/message";
import * as contract from "@/lib/contracts/messages";
import { reactToMessage } from "@/lib/services/messages/react";

// POST /api/messages/:id/react – react to a message; body `reaction`
export const POST = apiRoute(contract.reactToMessage, async ({ principal, params, body }) =>
  ok(serializeMessage(await reactToMessage({ principal, id: params.id, input: body }))),
);
