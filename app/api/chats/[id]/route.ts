import { apiRoute, ok } from "@/lib/api/route";
import { renderChat } from "@/lib/serializers/message";
import * as contract from "@/lib/contracts/messages";
import { getChat } from "@/lib/services/messages/chats";

// GET /api/chats/:id – a chat by id or external_conversation_id
export const GET = apiRoute(contract.getChat, async ({ principal, params }) =>
  ok(renderChat(await getChat({ principal, id: params.id }))),
);
