import { paginated } from "@/lib/pagination";
import { apiRoute, ok } from "@/lib/api/route";
import { renderInboxChat } from "@/lib/serializers/message";
import * as contract from "@/lib/contracts/messages";
import { listInboxChats } from "@/lib/services/messages/inbox";

// GET /api/admin/chats – the admin's chat inbox across profiles (staff session)
export const GET = apiRoute(contract.adminListChats, async ({ principal, query }) => {
  const { total, views } = await listInboxChats({ principal, query });
  const now = new Date();
  return ok(
    paginated(
      query,
      total,
      views.map((view) => renderInboxChat(view, now)),
    ),
  );
});
