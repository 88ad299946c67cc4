import { paginated } from "@/lib/pagination";
import { accepted, apiRoute, ok } from "@/lib/api/route";
import { serializeMessage } from "@/lib/serializers/message";
import * as contract from "@/lib/contracts/messages";
import { listMessages } from "@/lib/services/messages/read-messages";
import { sendMessage } from "@/lib/services/messages/send";

// GET /api/chats/:id/messages – the chat's messages, most recent first
export const GET = apiRoute(contract.listMessages, async ({ principal, params, query }) => {
  const { total, rows } = await listMessages({ principal, chatId: params.id, query });
  return ok(paginated(query, total, rows.map(serializeMessage)));
});

// POST /api/chats/:id/messages – send a message (asynchronous: answered pending)
export const POST = apiRoute(contract.sendMessage, async ({ principal, params, body }) =>
  accepted(serializeMessage(await sendMessage({ principal, chatId: params.id, input: body }))),
);
