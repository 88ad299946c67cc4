import { apiRoute, ok } from "@/lib/api/route";
import { renderChat } from "@/lib/serializers/message";
import * as contract from "@/lib/contracts/messages";
import { setChatArchived } from "@/lib/services/messages/chat-actions";

// POST /api/chats/:id/archive – archive the chat; DELETE – unarchive it
export const POST = apiRoute(contract.archiveChat, async ({ principal, params }) =>
  ok(renderChat(await setChatArchived({ principal, id: params.id, archived: true }))),
);
export const DELETE = apiRoute(contract.unarchiveChat, async ({ principal, params }) =>
  ok(renderChat(await setChatArchived({ principal, id: params.id, archived: false }))),
);
