import { useOwnDatabase } from "@/testing/own-database";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as commentsRoute from "@/app/api/comments/route";
import * as postCommentsRoute from "@/app/api/posts/[id]/comments/route";
import * as postsRoute from "@/app/api/posts/route";
import { publishCommentFn } from "@/inngest/functions/comments";
import { firstPostCommentsPollFn, mirrorCommentAttachmentsFn } from "@/inngest/functions/poll-comments";
import { dispatchPostFn, processPostMediaFn, publishChainFn } from "@/inngest/functions/publish-posts";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import type { InboundComment } from "@/lib/networks/types";
import { applyComment } from "./apply-comment";
import { callRoute } from "@/testing/call-route";
import { seedComment, seedNetworkProfile, seedPublishedPost, uniqueDigits } from "@/testing/comments";
import { seedTenant } from "@/testing/network-tests";
import { seedSandboxTenant } from "@/testing/posts";

await useOwnDatabase("comments_replied");

// The stored "replied" flag (comments.replied) behind the inbox's needs_reply / replied filters: set when
// a reply of ours is published, or when a reply by the profile's own account or page is synced (also
// when that reply arrived before the comment); the migration backfills it for stored comments. On the
// sandbox, the audience's comments arrive by the first poll after publishing.

afterAll(() => db.$disconnect());

type Json = Record<string, any>;
let t: Awaited<ReturnType<typeof seedSandboxTenant>>;
let runner: LocalRunner;
let clock: ManualClock;
let postId: string;

beforeAll(async () => {
  t = await seedSandboxTenant(["facebook"]);
  clock = new ManualClock(new Date());
  runner = await startLocalRunner({
    functions: [
      processPostMediaFn,
      dispatchPostFn,
      publishChainFn,
      publishCommentFn,
      firstPostCommentsPollFn,
      mirrorCommentAttachmentsFn,
    ],
    clock,
    pollIntervalMs: 0,
  });
  const res = await callRoute(postsRoute.POST, {
    path: "/api/posts",
    token: t.token,
    body: {
      post: { body: "Spring menu" },
      profiles: ["facebook"],
      platforms: { facebook: { page_id: t.profiles.facebook!.placements[0]!.externalId } },
    },
  });
  postId = res.json.id as string;
  await runner.drain();
}, 60_000);
afterAll(() => runner?.stop());

const inbox = async (status: string) =>
  (
    (await callRoute(commentsRoute.GET, { path: `/api/comments?status=${status}&per_page=100`, token: t.token })).json
      .data as Json[]
  ).map((c) => c.body as string);

describe("sandbox: the audience and our replies", () => {
  it("the audience's comments arrive by the first poll a few seconds after publishing", async () => {
    expect(await db.comment.count({ where: { postId } })).toBe(0);
    clock.advance(5_000);
    await runner.drain();
    expect(await db.comment.count({ where: { postId, status: "synced" } })).toBe(4);
  });

  describe("our reply to an audience comment", () => {
    let target: Awaited<ReturnType<typeof db.comment.findFirstOrThrow>>;
    let neededBefore: string[];
    let res: Awaited<ReturnType<typeof callRoute>>;
    let repliedWhilePending: boolean;
    beforeAll(async () => {
      target = await db.comment.findFirstOrThrow({
        where: { postId, body: { startsWith: "When is the next one?" } },
      });
      neededBefore = await inbox("needs_reply");
      res = await callRoute(postCommentsRoute.POST, {
        path: `/api/posts/${postId}/comments?profile_id=${t.profiles.facebook!.id}`,
        token: t.token,
        body: { text: "Next week!", parent_id: target.externalId },
        params: { id: postId },
      });
      repliedWhilePending = (await db.comment.findUniqueOrThrow({ where: { id: target.id } })).replied;
      await runner.drain();
    });

    it("is asked for by the comment: it needs a reply", () => {
      expect(neededBefore).toContain(target.body);
    });

    it("does not mark the comment replied while pending", () => {
      expect(res.status).toBe(201);
      expect(repliedWhilePending).toBe(false); // pending
    });

    it("marks the comment replied once published", async () => {
      expect((await db.comment.findUniqueOrThrow({ where: { id: res.json.id as string } })).status).toBe("published");
      expect((await db.comment.findUniqueOrThrow({ where: { id: target.id } })).replied).toBe(true);
    });

    it("moves the comment from needs_reply to replied", async () => {
      expect(await inbox("needs_reply")).not.toContain(target.body);
      expect(await inbox("replied")).toEqual([target.body]);
    });
  });
});

const inboundComment = (externalId: string, parent: string, author: string): InboundComment => ({
  externalId,
  parentExternalId: parent,
  body: `by ${author}`,
  authorExternalId: author,
  authorUsername: null,
  authorName: null,
  authorAvatarUrl: null,
  metadata: null,
  likeCount: null,
  isHidden: null,
  permalink: null,
  platformData: null,
  attachments: [],
  postedAt: new Date(),
});

const facebookPost = async () => {
  const tenant = await seedTenant();
  const profile = await seedNetworkProfile({ group: tenant.group, platform: "facebook" });
  const page = uniqueDigits(15);
  const postExternalId = `${page}_${uniqueDigits()}`;
  const { platformPost } = await seedPublishedPost({
    group: tenant.group,
    profile,
    externalId: postExternalId,
    placementId: page,
  });
  const push = (c: InboundComment) =>
    applyComment(
      { kind: "comment", account: page, postExternalId, comment: c, changedAt: new Date() },
      { platform: "facebook", profileId: null },
    );
  return { tenant, profile, page, postExternalId, platformPost, push };
};
const repliedOf = async (externalId: string) => (await db.comment.findFirstOrThrow({ where: { externalId } })).replied;

describe("synced replies", () => {
  describe("replies under two visitors' comments", () => {
    let a: string;
    let b: string;
    beforeAll(async () => {
      const w = await facebookPost();
      [a, b] = [`${w.postExternalId}_1`, `${w.postExternalId}_2`];
      await w.push(inboundComment(a, w.postExternalId, "visitor"));
      await w.push(inboundComment(b, w.postExternalId, "visitor"));
      await w.push(inboundComment(`${a}_r`, a, w.page));
      await w.push(inboundComment(`${b}_r`, b, "another-visitor"));
    });

    it("a reply by the page marks its parent replied", async () => {
      expect(await repliedOf(a)).toBe(true);
    });

    it("a visitor's reply does not", async () => {
      expect(await repliedOf(b)).toBe(false);
    });
  });

  it("a comment whose page answer arrived first is replied on arrival", async () => {
    const w = await facebookPost();
    const a = `${w.postExternalId}_1`;
    // Graph names the parent comment: the answer hangs under the post until its parent arrives.
    await w.push(inboundComment(`${a}_r`, a, w.page));
    await w.push(inboundComment(a, w.postExternalId, "visitor"));
    expect(await repliedOf(a)).toBe(true);
  });
});

describe("the migration's backfill", () => {
  type Seeded = Awaited<ReturnType<typeof seedComment>>;
  const comments = {} as Record<"ours" | "byPage" | "byVisitor" | "failed", Seeded>; // seeded in beforeAll
  beforeAll(async () => {
    const w = await facebookPost();
    const on = { platformPost: w.platformPost, group: w.tenant.group };
    comments.ours = await seedComment(on, { body: "ours", createdAt: new Date() });
    comments.byPage = await seedComment(on, { body: "by page", createdAt: new Date() });
    comments.byVisitor = await seedComment(on, { body: "by visitor", createdAt: new Date() });
    comments.failed = await seedComment(on, { body: "failed", createdAt: new Date() });
    const reply = (parent: { externalId: string | null }, status: "published" | "synced" | "failed", author?: string) =>
      seedComment(on, { parentExternalId: parent.externalId, status, createdAt: new Date() }).then((r) =>
        author ? db.comment.update({ where: { id: r.id }, data: { authorExternalId: author } }) : r,
      );
    await reply(comments.ours, "published");
    await reply(comments.byPage, "synced", w.page);
    await reply(comments.byVisitor, "synced", "visitor");
    await reply(comments.failed, "failed");
    const dir = path.join(process.cwd(), "prisma/migrations");
    const sql = readFileSync(
      path.join(
        dir,
        readdirSync(dir).find((d) => d.endsWith("_comment_replied"))!,
        "migration.sql",
      ),
      "utf8",
    );
    await db.$executeRawUnsafe(sql.slice(sql.indexOf("UPDATE")));
  });

  it.each([
    ["a comment answered by a published reply of ours", "ours", true],
    ["a comment answered by the page's synced reply", "byPage", true],
    ["a comment answered by a visitor only", "byVisitor", false],
    ["a comment whose reply of ours failed", "failed", false],
  ] as const)("%s: replied is %s", async (_, key, replied) => {
    expect(await repliedOf(comments[key].externalId!)).toBe(replied);
  });
});
