// Test support: comments from the audience on a published post, against the e2e database, as the
// inbound layer stores them (status synced, the network's id), until the sandbox simulates an audience.
//   tsx --conditions=react-server e2e/support/comments-script.ts seed <postId> <profileId> <json [{body, author, minutes_ago}]>
//     inserts the comments on the post's platform post of that profile; prints their ids as JSON
import { db } from "@/lib/db/client";
import { seedComment } from "@/lib/testing/comments";

type SeedComment = { body: string; author: string; minutes_ago: number };

const [command, postId, profileId, json] = process.argv.slice(2);

if (command === "seed") {
  const platformPost = await db.platformPost.findFirstOrThrow({ where: { postId: postId!, profileId: profileId!, status: "published" }, include: { post: true } });
  const group = { id: platformPost.post.profileGroupId, accountId: platformPost.post.accountId, environment: platformPost.post.environment };
  const ids: string[] = [];
  for (const c of JSON.parse(json ?? "[]") as SeedComment[]) {
    const row = await seedComment({ platformPost, group }, { body: c.body, createdAt: new Date(Date.now() - c.minutes_ago * 60_000) });
    await db.comment.update({ where: { id: row.id }, data: { authorUsername: c.author, postedAt: row.createdAt } });
    ids.push(row.id);
  }
  process.stdout.write(`${JSON.stringify(ids)}\n`);
} else {
  process.stderr.write(`unknown command ${command}\n`);
  process.exitCode = 2;
}
await db.$disconnect();
