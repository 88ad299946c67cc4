import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/messages";
import { listMessages } from "@/lib/services/messages/read-messages";
import { sendMessage } from "@/lib/services/messages/send";

// GET /api/chats/:id/messages – the chat's messages, most recent first
export const GET = apiRoute(contract.listMessages, async ({ principal, params, query }) =>
  ok(await listMessages({ principal, chatId: params.id, query })),
);

// POST /api/chats/:id/messages – send a message (asynchronous: answered pending)
export const POST = apiRoute(contract.sendMessage, async ({ principal, params, body }) => ({
  status: 202,
  body: await sendMessage({ principal, chatId: params.id, input: body }),
}));
