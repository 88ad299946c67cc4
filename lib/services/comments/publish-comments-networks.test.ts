import { useOwnDatabase } from "@/testing/own-database";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Platform } from "@/lib/generated/prisma/enums";
import {
  create,
  graph,
  row,
  runner,
  targetOf,
  targets,
  tenant,
  useCommentNetworks,
  type Json,
  type Row,
  type Target,
} from "@/testing/comment-networks";
import { eventsOf } from "@/testing/network-tests";

await useOwnDatabase("comments");

// Comment writes on each network whose API takes them, through the API, the local runner and the real
// connectors against the fakes (which refuse parameters and fields the real APIs do not take): a comment
// and a reply reach `published` with the id the network holds; on Facebook an answer lost after the
// comment was made is read back (published, the network holds it once); an Idempotency-Key replay
// creates nothing. The actions: comment-actions-networks.test.ts.

useCommentNetworks();

describe.each(Object.keys(targets) as Platform[])("a comment and a reply on %s", (platform) => {
  let t: Target;
  let top: Awaited<ReturnType<typeof create>>;
  let published: Row;
  let replied: Row;
  beforeAll(async () => {
    t = await targetOf(platform);
    top = await create(t, { body: `Thanks for watching, ${platform}!` });
    await runner.drain();
    published = await row(top.json.id as string);
    const reply = await create(t, { text: "Another one", parent_id: published.id });
    await runner.drain();
    replied = await row(reply.json.id as string);
  });

  it("the comment is published with the id the network holds", () => {
    expect(top.status, JSON.stringify(top.json)).toBe(201);
    expect(published, published.error ?? "").toMatchObject({
      status: "published",
      attempts: 1,
      error: null,
      externalId: expect.any(String),
    });
    expect(t.held(published.externalId!)).toBe(`Thanks for watching, ${platform}!`);
  });

  it("the reply is published under it", () => {
    expect(replied, replied.error ?? "").toMatchObject({
      status: "published",
      parentExternalId: published.externalId,
    });
    expect(t.held(replied.externalId!)).toBe("Another one");
  });

  it(`comment.created is emitted ${platform === "youtube" ? "for neither" : "once for each"}`, async () => {
    const announced = (await eventsOf(tenant.account.id, "comment.created")).filter((e) =>
      [published.id, replied.id].includes((e.data as Json).id),
    );
    expect(announced).toHaveLength(platform === "youtube" ? 0 : 2); // comment.created: instagram, facebook, threads (networks-and-messaging)
  });
});

describe("exactly once on facebook", () => {
  describe("an answer lost after the comment was made", () => {
    let t: Target;
    let first: Awaited<ReturnType<typeof create>>;
    let c: Row;
    beforeAll(async () => {
      t = await targetOf("facebook");
      graph.loseNext({ host: "graph.facebook.com", path: `${t.postExternalId}/comments` });
      first = await create(t, { body: "Lost in the mail" }, { "Idempotency-Key": "fb-lost-1" });
      await runner.drain();
      c = await row(first.json.id as string);
    });
    const onNetwork = () => [...graph.content.comments.values()].filter((x) => x.message === "Lost in the mail");

    it("is read back from the Page's own recent comments", () => {
      expect(first.status).toBe(201);
      // the read-back asked for the Page's own recent comments
      expect(
        graph
          .calls("graph.facebook.com", `${t.postExternalId}/comments`)
          .filter((r) => r.method === "GET")
          .at(-1)!.query,
      ).toMatchObject({ filter: "stream", order: "reverse_chronological" });
    });

    it("is published, held once by the network", () => {
      expect(c).toMatchObject({ status: "published", attempts: 1 });
      expect(onNetwork().map((x) => x.id)).toEqual([c.externalId]);
    });

    it("a replay of the request answers the same comment and creates nothing", async () => {
      const replay = await create(t, { body: "Lost in the mail" }, { "Idempotency-Key": "fb-lost-1" });
      expect([replay.status, replay.json.id]).toEqual([201, c.id]);
      await runner.drain();
      expect(await db.comment.count({ where: { body: "Lost in the mail" } })).toBe(1);
      expect(onNetwork()).toHaveLength(1);
    });
  });

  it("a rejection by Graph fails the comment with its error details", async () => {
    const t = await targetOf("facebook");
    graph.failNext({
      host: "graph.facebook.com",
      path: `${t.postExternalId}/comments`,
      error: { message: "(#1446036) This comment contains blocked content", code: 1446036 },
    });
    const c = await create(t, { body: "blocked words" });
    await runner.drain();
    expect(await row(c.json.id as string)).toMatchObject({
      status: "failed",
      errorDetails: expect.objectContaining({ platformErrorCode: "1446036" }),
    });
  });
});
