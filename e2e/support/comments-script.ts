// Test support: comments from the audience on a published post, against the e2e database, as the
// inbound layer stores them (status synced, the network's id), until the sandbox simulates an audience.
//   tsx --conditions=react-server e2e/support/comments-script.ts seed <postId> <profileId> <json [{body, author, minutes_ago}]>
//     inserts the comments on the post's platform post of that profile; prints their ids as JSON
//   tsx --conditions=react-server e2e/support/comments-script.ts seed-reviews <profileId> <placementId> <json [{body, author, star_rating, minutes_ago, reply?}]>
//     inserts reviews (profile-level comments, as the review sync stores them) with an optional reply
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { seedComment, uniqueDigits } from "@/testing/comments";

type SeedComment = { body: string; author: string; minutes_ago: number };
type SeedReview = { body: string; author: string; star_rating: string; minutes_ago: number; reply?: string };

const [command, ...args] = process.argv.slice(2);

if (command === "seed") {
  const [postId, profileId, json] = args;
  const platformPost = await db.platformPost.findFirstOrThrow({
    where: { postId: postId!, profileId: profileId!, status: "published" },
    include: { post: true },
  });
  const group = {
    id: platformPost.post.profileGroupId,
    accountId: platformPost.post.accountId,
    environment: platformPost.post.environment,
  };
  const ids: string[] = [];
  for (const c of JSON.parse(json ?? "[]") as SeedComment[]) {
    const row = await seedComment(
      { platformPost, group },
      { body: c.body, createdAt: new Date(Date.now() - c.minutes_ago * 60_000) },
    );
    await db.comment.update({
      where: { id: row.id },
      data: { authorUsername: c.author, authorExternalId: uniqueDigits(), postedAt: row.createdAt },
    });
    ids.push(row.id);
  }
  process.stdout.write(`${JSON.stringify(ids)}\n`);
} else if (command === "seed-reviews") {
  const [profileId, placementId, reviewsJson] = args;
  const profile = await db.profile.findUniqueOrThrow({ where: { id: profileId! } });
  const row = (
    externalId: string,
    parent: string | null,
    body: string,
    at: Date,
    extra: { authorUsername?: string; platformData?: { star_rating: string } },
  ) => ({
    id: newId("comment"),
    accountId: profile.accountId,
    environment: profile.environment,
    profileGroupId: profile.profileGroupId,
    profileId: profile.id,
    platform: profile.platform,
    placementId: placementId!,
    externalId,
    parentExternalId: parent,
    rootExternalId: parent,
    body,
    status: "synced" as const,
    postedAt: at,
    createdAt: at,
    ...extra,
  });
  for (const r of JSON.parse(reviewsJson ?? "[]") as SeedReview[]) {
    const at = new Date(Date.now() - r.minutes_ago * 60_000);
    const externalId = `${placementId}/reviews/${uniqueDigits()}`;
    await db.comment.create({
      data: row(externalId, null, r.body, at, {
        authorUsername: r.author,
        platformData: { star_rating: r.star_rating },
      }),
    });
    if (r.reply)
      await db.comment.create({
        data: row(`${externalId}/reply`, externalId, r.reply, new Date(at.getTime() + 1000), {}),
      });
  }
  process.stdout.write("[]\n");
} else {
  process.stderr.write(`unknown command ${command}\n`);
  process.exitCode = 2;
}
await db.$disconnect();
