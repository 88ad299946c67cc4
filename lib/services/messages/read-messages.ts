import "server-only";
import { notFound } from "@/lib/errors";
import { pageWindow } from "@/lib/pagination";
import { groupScope, type Principal } from "@/lib/principal";
import { db, type Prisma } from "@/lib/db/client";
import type { MessageDirection, MessageStatus } from "@/lib/generated/prisma/enums";
import { chatOrThrow } from "./support";

// GET /api/chats/:id/messages (most recent first; `direction`, `status`) and GET /api/messages/:id (by
// our id or the network's).

type Query = { page: number; per_page: number; direction?: MessageDirection; status?: MessageStatus };

export const listMessages = async ({
  principal,
  chatId,
  query,
}: {
  principal: Principal;
  chatId: string;
  query: Query;
}) => {
  const chat = await chatOrThrow({ principal, id: chatId });
  const where: Prisma.MessageWhereInput = {
    chatId: chat.id,
    ...(query.direction && { direction: query.direction }),
    ...(query.status && { status: query.status }),
  };
  const [total, rows] = await Promise.all([
    db.message.count({ where }),
    db.message.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...pageWindow(query, 0) }),
  ]);
  return { total, rows };
};

export const getMessageOrThrow = async ({ principal, id }: { principal: Principal; id: string }) => {
  const message = await db.message.findFirst({
    where: { AND: [groupScope(principal), { OR: [{ id }, { externalId: id }] }] },
    orderBy: { createdAt: "asc" },
  });
  if (!message) throw notFound();
  return message;
};
