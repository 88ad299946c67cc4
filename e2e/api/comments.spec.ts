import { expect, test, type APIRequestContext } from "@playwright/test";
import { sandboxFacebookPost } from "../support/sandbox-connect";
import { auth, createTenant, type Tenant } from "../support/tenant";

// Comment writes over HTTP with a sandbox key against the running server (its in-process job runner):
// a facebook profile connected through the simulated consent screen, a post published to its page, then
// a comment on it that reaches `published`, is hidden and deleted on the simulated network (serial steps).

let t: Tenant;
let profileId: string;
let postId: string;
const json = async (res: { json(): Promise<unknown> }) => (await res.json()) as Record<string, any>;

test.beforeAll(async ({ request }) => {
  t = createTenant();
  ({ profileId, postId } = await sandboxFacebookPost(request, t.sandbox, "Comments e2e"));
  await expect
    .poll(
      async () =>
        (await json(await request.get(`/api/posts/${postId}`, { headers: auth(t.sandbox) }))).platforms[0].status,
      { timeout: 20_000 },
    )
    .toBe("published");
});

test.describe("comments API", () => {
  const base = () => `/api/posts/${postId}/comments`;
  const q = () => `profile_id=${profileId}`;

  test.describe("a comment on a published sandbox post", () => {
    test.describe.configure({ mode: "serial" }); // each step goes on with the comment the one before left
    let comment: Record<string, any>;
    const create = (request: APIRequestContext) =>
      request.post(`${base()}?${q()}`, {
        headers: { ...auth(t.sandbox), "Idempotency-Key": `cmt-${postId}` },
        data: { text: "Thanks for reading!" },
      });
    const one = (request: APIRequestContext) =>
      request.get(`${base()}/${comment.id}?${q()}`, { headers: auth(t.sandbox) });
    const listedIds = async (request: APIRequestContext) =>
      (await json(await request.get(`${base()}?${q()}`, { headers: auth(t.sandbox) }))).data.map(
        (c: { id: string }) => c.id,
      );

    test("is answered 201, pending", async ({ request }) => {
      const created = await create(request);
      expect(created.status()).toBe(201);
      comment = await json(created);
      expect(comment).toMatchObject({ status: "pending", external_id: null, body: "Thanks for reading!" });
    });

    test("a retry with the same Idempotency-Key answers the same comment", async ({ request }) => {
      expect((await json(await create(request))).id).toBe(comment.id);
    });

    test("is published with the simulated network's id", async ({ request }) => {
      await expect.poll(async () => (await json(await one(request))).status, { timeout: 20_000 }).toBe("published");
      const published = await json(await one(request));
      expect(published.external_id).toMatch(/^sbx_comment_/);
      comment = published;
    });

    test("is listed with the simulated audience's comments", async ({ request }) => {
      expect(await listedIds(request)).toContain(comment.id);
    });

    test("is hidden on the network", async ({ request }) => {
      expect(
        await json(await request.post(`${base()}/${comment.external_id}/hide?${q()}`, { headers: auth(t.sandbox) })),
      ).toEqual({ accepted: true });
      await expect.poll(async () => (await json(await one(request))).is_hidden, { timeout: 20_000 }).toBe(true);
    });

    test("is deleted on the network: gone from its read and from the list", async ({ request }) => {
      const deleted = await request.delete(`${base()}/${comment.id}?${q()}`, { headers: auth(t.sandbox) });
      expect([deleted.status(), await deleted.json()]).toEqual([200, { accepted: true }]);
      await expect.poll(async () => (await one(request)).status(), { timeout: 20_000 }).toBe(404);
      expect(await listedIds(request)).not.toContain(comment.id);
    });
  });

  test("405 where the network takes no such write", async ({ request }) => {
    const pin = await request.post(`${base()}/cmt_x/pin?${q()}`, { headers: auth(t.sandbox) });
    expect([pin.status(), await pin.json()]).toEqual([405, { error: "Unsupported method for facebook" }]);
  });

  test("an unknown comment is 404", async ({ request }) => {
    const missing = await request.post(`${base()}/cmt_x/hide?${q()}`, { headers: auth(t.sandbox) });
    expect([missing.status(), await missing.json()]).toEqual([404, { error: "Not found" }]);
  });
});
