import { apiRoute, ok } from "@/lib/api/route";
import { renderChat } from "@/lib/serializers/message";
import * as contract from "@/lib/contracts/messages";
import { setTyping } from "@/lib/services/messages/typing";

// POST /api/chats/:id/start_typing – show the typing indicator (facebook, whatsapp)
export const POST = apiRoute(contract.startTyping, async ({ principal, params }) =>
  ok(renderChat(await setTyping({ principal, id: params.id, on: true }))),
);
