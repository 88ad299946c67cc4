// Test support for the inbound part of the bad-input campaign, against the e2e database:
//   tsx --conditions=react-server e2e/support/inbound-script.ts seed <live group id>
//     a live telegram profile (with its receiver's secret) and a live threads profile (its user id)
//   tsx --conditions=react-server e2e/support/inbound-script.ts state <telegram id> <threads id> <marker>...
//     the statuses of the deliveries whose payload names one of the markers, the telegram profile's
//     message bodies and the threads profile's status
import { randomInt } from "node:crypto";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { profileInboundSecret } from "@/lib/services/inbound/secrets";

const [command, ...args] = process.argv.slice(2);

const profile = async (groupId: string, platform: "telegram" | "threads", externalId: string) => {
  const group = await db.profileGroup.findUniqueOrThrow({ where: { id: groupId } });
  return db.profile.create({
    data: {
      id: newId("profile"),
      accountId: group.accountId,
      environment: group.environment,
      profileGroupId: group.id,
      platform,
      name: `${platform} inbound`,
      externalId,
    },
  });
};

if (command === "seed") {
  const digits = () => String(randomInt(1e9, 1e10)) + String(randomInt(1e9, 1e10));
  const telegram = await profile(args[0]!, "telegram", digits());
  const threads = await profile(args[0]!, "threads", digits());
  process.stdout.write(
    `${JSON.stringify({
      telegram: { id: telegram.id, secret: profileInboundSecret(telegram.id) },
      threads: { id: threads.id, userId: threads.externalId },
    })}\n`,
  );
} else if (command === "state") {
  const [telegramId, threadsId, ...markers] = args;
  const deliveries = await db.inboundDelivery.findMany({
    where: { OR: markers.map((marker) => ({ payload: { contains: marker } })) },
    select: { status: true },
  });
  const messages = await db.message.findMany({
    where: { profileId: telegramId! },
    orderBy: { createdAt: "asc" },
    select: { body: true },
  });
  const threads = await db.profile.findUniqueOrThrow({ where: { id: threadsId! }, select: { status: true } });
  process.stdout.write(
    `${JSON.stringify({
      deliveries: deliveries.map((d) => d.status).sort(),
      messages: messages.map((m) => m.body),
      threads: threads.status,
    })}\n`,
  );
} else {
  process.stderr.write(`unknown command ${command}\n`);
  process.exitCode = 2;
}
await db.$disconnect();
