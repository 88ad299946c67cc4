// Test support: a chat whose participant last wrote `hours` ago (the messaging window closed), as if
// time had passed: the chat's and its messages' times move back, against the e2e database.
//   tsx --conditions=react-server e2e/support/chats-script.ts age <chatId> <hours>
import { db } from "@/lib/db/client";

const [command, chatId, hours] = process.argv.slice(2);

if (command === "age") {
  const ms = Number(hours) * 3600_000;
  const back = (d: Date | null) => (d ? new Date(d.getTime() - ms) : null);
  const chat = await db.chat.findUniqueOrThrow({ where: { id: chatId! }, include: { messages: true } });
  await db.chat.update({
    where: { id: chat.id },
    data: {
      lastInboundAt: back(chat.lastInboundAt),
      lastOutboundAt: back(chat.lastOutboundAt),
      lastMessageAt: back(chat.lastMessageAt),
      createdAt: back(chat.createdAt)!,
    },
  });
  for (const m of chat.messages)
    await db.message.update({
      where: { id: m.id },
      data: { createdAt: back(m.createdAt)!, externalPostedAt: back(m.externalPostedAt) },
    });
  process.stdout.write("{}\n");
} else {
  process.stderr.write(`unknown command ${command}\n`);
  process.exitCode = 2;
}
await db.$disconnect();
