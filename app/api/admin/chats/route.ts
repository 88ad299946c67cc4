import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/messages";
import { listInboxChats } from "@/lib/services/messages/inbox";

// GET /api/admin/chats – the admin's chat inbox across profiles (staff session)
export const GET = apiRoute(contract.adminListChats, async ({ principal, query }) =>
  ok(await listInboxChats({ principal, query })),
);
