import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as postsRoute from "@/app/api/posts/route";
import { replayCommitted } from "@/lib/api/replay";
import { renderPost } from "@/lib/serializers/post";
import * as keysContract from "@/lib/contracts/api-keys";
import * as postsContract from "@/lib/contracts/posts";
import { sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { createScopedKey } from "@/lib/services/api-keys/scoped-keys";
import { createPost } from "@/lib/services/posts/create-post";
import { retryingTransaction } from "@/lib/services/transactions/retrying-transaction";
import { callRoute } from "@/testing/call-route";
import { seedSandboxTenant } from "@/testing/posts";
import { recordCommit } from "./commit";
import { withIdempotency } from "./with-idempotency";

// Defect 3 of issue 11: the key was freed on any error, so a retry after a failure that came after the
// post had committed created a second post. The record now follows the committed write (same
// transaction), and a retry after such a failure replays the committed post instead of running again.

type Json = Record<string, any>;
let t: Awaited<ReturnType<typeof seedSandboxTenant>>;
beforeAll(async () => {
  t = await seedSandboxTenant(["bluesky"]);
}, 60_000);
afterAll(() => db.$disconnect());

const AFTER_COMMIT = "the response could not be sent (after the commit)";

// The route's work for POST /api/posts with a failure injected between the commit and the response.
const createPostWithKey = (
  key: string,
  body: string,
  { failAfterCommit = false, hold }: { failAfterCommit?: boolean; hold?: Promise<void> } = {},
) =>
  withIdempotency({
    principal: t.principal,
    key,
    fingerprint: `POST /api/posts ${body}`,
    run: async () => {
      const post = await createPost({
        principal: t.principal,
        input: { post: { body, draft: true }, profiles: ["bluesky"] },
      });
      await hold;
      if (failAfterCommit) throw new Error(AFTER_COMMIT);
      return { status: 200, body: renderPost(post) };
    },
    replay: (outcome) => replayCommitted(postsContract.createPost, t.principal, outcome),
  });

const postsWithBody = (body: string) => db.post.findMany({ where: { accountId: t.account.id, body } });

describe("Idempotency-Key after a late failure (issue 11, defect 3)", () => {
  it("a retry after a failure that came after the commit replays the committed post and creates no second one", async () => {
    await expect(createPostWithKey("late-1", "late failure", { failAfterCommit: true })).rejects.toThrow(AFTER_COMMIT);
    const [post] = await postsWithBody("late failure");
    expect(post).toBeDefined();

    for (let retry = 0; retry < 3; retry++) {
      const replay = await createPostWithKey("late-1", "late failure");
      expect(replay).toMatchObject({
        status: 200,
        replayed: true,
        body: { id: post!.id, body: "late failure", draft: true },
      });
    }
    expect(await postsWithBody("late failure")).toHaveLength(1);
  });

  it("a failure that committed nothing (the transaction rolled back, its record with it) leaves the key free", async () => {
    let runs = 0;
    const attempt = (fail: boolean) =>
      withIdempotency({
        principal: t.principal,
        key: "rolled-back",
        fingerprint: "x",
        run: async () => {
          runs++;
          await retryingTransaction(async (tx) => {
            await recordCommit(tx, { body: { ok: true } });
            if (fail) throw new Error("rolled back");
          });
          return { status: 200, body: { ok: true } };
        },
        replay: () => Promise.reject(new Error("nothing to replay")),
      });
    await expect(attempt(true)).rejects.toThrow("rolled back");
    expect(await attempt(false)).toMatchObject({ replayed: false, body: { ok: true } });
    expect(runs).toBe(2);
  });

  it("answers 409 while the committed request is still running, then its stored response", async () => {
    let release!: () => void;
    const first = createPostWithKey("in-flight", "in flight", { hold: new Promise((resolve) => (release = resolve)) });
    await expect.poll(async () => (await postsWithBody("in flight")).length).toBe(1);
    await expect(createPostWithKey("in-flight", "in flight")).rejects.toMatchObject({ status: 409 });
    release();
    const done = await first;
    expect(await createPostWithKey("in-flight", "in flight")).toMatchObject({
      replayed: true,
      body: { id: (done.body as Json).id },
    });
    expect(await postsWithBody("in flight")).toHaveLength(1);
  });

  it("a request that died after its commit (claim stale) is replayed, not run again", async () => {
    void createPostWithKey("died", "died", { hold: new Promise<void>(() => {}) }); // never answers: as if its process died
    await expect.poll(async () => (await postsWithBody("died")).length).toBe(1);
    const later = () => new Date(Date.now() + 6 * 60_000);
    const retry = await withIdempotency({
      principal: t.principal,
      key: "died",
      fingerprint: "POST /api/posts died",
      run: () => Promise.reject(new Error("must not run again")),
      replay: (outcome) => replayCommitted(postsContract.createPost, t.principal, outcome),
      now: later,
    });
    expect(retry).toMatchObject({ status: 200, replayed: true, body: { body: "died" } });
    expect(await postsWithBody("died")).toHaveLength(1);
  });

  it("a new API key whose response failed after the commit is replayed with the same token, never minted twice", async () => {
    const group = t.group;
    const mint = (failAfterCommit: boolean) =>
      withIdempotency({
        principal: t.principal,
        key: "mint",
        fingerprint: "POST /api/api_keys",
        run: async () => {
          await createScopedKey({ principal: t.principal, input: { profile_group_id: group.id, name: "late key" } });
          if (failAfterCommit) throw new Error(AFTER_COMMIT);
          return { status: 201, body: {} };
        },
        replay: (outcome) => replayCommitted(keysContract.createApiKey, t.principal, outcome),
      });
    await expect(mint(true)).rejects.toThrow(AFTER_COMMIT);
    const replay = await mint(false);
    const keys = await db.apiKey.findMany({ where: { accountId: t.account.id, name: "late key" } });
    expect(keys).toHaveLength(1);
    expect(replay).toMatchObject({ status: 201, replayed: true, body: { id: keys[0]!.id } });
    expect(sha256Hex((replay.body as Json).token as string)).toBe(keys[0]!.tokenHash);
  });

  it("the same Idempotency-Key 50 times in parallel through the route: one post, the others 409 or its replay", async () => {
    const body = { post: { body: "fifty at once", draft: true }, profiles: ["bluesky"] };
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        callRoute(postsRoute.POST, {
          path: "/api/posts",
          token: t.token,
          body,
          headers: { "idempotency-key": "fifty" },
        }),
      ),
    );
    const posts = await postsWithBody("fifty at once");
    expect(posts).toHaveLength(1);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(responses.filter((r) => r.status === 200).every((r) => r.json.id === posts[0]!.id)).toBe(true);
    const replayed = responses.filter((r) => r.headers.get("idempotent-replayed") === "true").length;
    console.log(
      `[concurrency] same Idempotency-Key x50 (route): 1 post written, ${statuses.filter((s) => s === 200).length} x 200 (${replayed} replays), ${statuses.filter((s) => s === 409).length} x 409`,
    );
  });
});
