import { apiRoute, ok } from "@/lib/api/route";
import { renderChat } from "@/lib/serializers/message";
import * as contract from "@/lib/contracts/messages";
import { markChatRead } from "@/lib/services/messages/chat-actions";

// POST /api/chats/:id/mark_read – read receipt (whatsapp) and metadata.read_at
export const POST = apiRoute(contract.markChatRead, async ({ principal, params }) =>
  ok(renderChat(await markChatRead({ principal, id: params.id }))),
);
