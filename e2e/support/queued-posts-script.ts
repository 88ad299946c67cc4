// Test support: posts in a queue, against the e2e database, until the posts API can put them there.
//   tsx --conditions=react-server e2e/support/queued-posts-script.ts seed <queueId> <json [{body, priority, scheduled_at?}]>
//     inserts the posts (status scheduled, one second apart in creation order) and rearranges the queue,
//     as adding a post to a queue does; prints their ids as JSON
//   tsx --conditions=react-server e2e/support/queued-posts-script.ts read <json [postId]>
//     prints [{id, body, queue_id, queue_priority, scheduled_at, status}] in the order asked
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { rearrangeQueue } from "@/lib/services/queues/rearrange";

type SeedPost = { body: string; priority?: "high" | "medium" | "low"; scheduled_at?: string };

const [command, ...args] = process.argv.slice(2);

if (command === "seed") {
  const [queueId, json] = args;
  const queue = await db.postQueue.findUniqueOrThrow({ where: { id: queueId! } });
  const posts = JSON.parse(json ?? "[]") as SeedPost[];
  const start = Date.now() - posts.length * 1000;
  const ids = await db.$transaction(async (tx) => {
    const created: string[] = [];
    for (const [i, p] of posts.entries()) {
      const post = await tx.post.create({
        data: {
          id: newId("post"),
          accountId: queue.accountId,
          environment: queue.environment,
          profileGroupId: queue.profileGroupId,
          body: p.body,
          status: "scheduled",
          queueId: queue.id,
          queuePriority: p.priority ?? "medium",
          scheduledAt: p.scheduled_at ? new Date(p.scheduled_at) : null,
          createdAt: new Date(start + i * 1000),
        },
      });
      created.push(post.id);
    }
    await rearrangeQueue(tx, queue.id);
    return created;
  });
  process.stdout.write(`${JSON.stringify(ids)}\n`);
} else if (command === "read") {
  const ids = JSON.parse(args[0] ?? "[]") as string[];
  const rows = await db.post.findMany({ where: { id: { in: ids } } });
  const byId = new Map(rows.map((p) => [p.id, p]));
  const out = ids.map((id) => {
    const p = byId.get(id);
    return p
      ? {
          id,
          body: p.body,
          queue_id: p.queueId,
          queue_priority: p.queuePriority,
          scheduled_at: p.scheduledAt?.toISOString() ?? null,
          status: p.status,
        }
      : null;
  });
  process.stdout.write(`${JSON.stringify(out)}\n`);
} else {
  process.stderr.write(`unknown command ${command}\n`);
  process.exitCode = 2;
}
await db.$disconnect();
