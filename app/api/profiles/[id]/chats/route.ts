import { paginated } from "@/lib/pagination";
import { apiRoute, ok } from "@/lib/api/route";
import { renderChat } from "@/lib/serializers/message";
import * as contract from "@/lib/contracts/messages";
import { createChat, listChats } from "@/lib/services/messages/chats";

// GET /api/profiles/:id/chats – the profile's chats, most recent activity first
export const GET = apiRoute(contract.listChats, async ({ principal, params, query }) => {
  const { total, views } = await listChats({ principal, profileId: params.id, query });
  return ok(paginated(query, total, views.map(renderChat)));
});

// POST /api/profiles/:id/chats – find or create the chat with a participant
export const POST = apiRoute(contract.createChat, async ({ principal, params, body }) =>
  ok(renderChat(await createChat({ principal, profileId: params.id, input: body }))),
);
