import { expect, test } from "@playwright/test";
import { sandboxFacebookPost } from "../support/sandbox-connect";
import { auth, createTenant, type Tenant } from "../support/tenant";

// Comment writes over HTTP with a sandbox key against the running server (its in-process job runner):
// a facebook profile connected through the simulated consent screen, a post published to its page, then
// a comment on it that reaches `published`, is hidden and deleted on the simulated network.

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
  test("a comment on a published sandbox post is published, hidden and deleted", async ({ request }) => {
    const base = `/api/posts/${postId}/comments`;
    const q = `profile_id=${profileId}`;
    const created = await request.post(`${base}?${q}`, {
      headers: { ...auth(t.sandbox), "Idempotency-Key": `cmt-${postId}` },
      data: { text: "Thanks for reading!" },
    });
    expect(created.status()).toBe(201);
    const comment = await json(created);
    expect(comment).toMatchObject({ status: "pending", external_id: null, body: "Thanks for reading!" });
    const replay = await request.post(`${base}?${q}`, {
      headers: { ...auth(t.sandbox), "Idempotency-Key": `cmt-${postId}` },
      data: { text: "Thanks for reading!" },
    });
    expect((await json(replay)).id).toBe(comment.id);

    const one = () => request.get(`${base}/${comment.id}?${q}`, { headers: auth(t.sandbox) });
    await expect.poll(async () => (await json(await one())).status, { timeout: 20_000 }).toBe("published");
    const published = await json(await one());
    expect(published.external_id).toMatch(/^sbx_comment_/);
    const listed = await json(await request.get(`${base}?${q}`, { headers: auth(t.sandbox) }));
    expect(listed.data.map((c: { id: string }) => c.id)).toContain(comment.id); // with the simulated audience's

    expect(
      await json(await request.post(`${base}/${published.external_id}/hide?${q}`, { headers: auth(t.sandbox) })),
    ).toEqual({ accepted: true });
    await expect.poll(async () => (await json(await one())).is_hidden, { timeout: 20_000 }).toBe(true);

    const deleted = await request.delete(`${base}/${comment.id}?${q}`, { headers: auth(t.sandbox) });
    expect([deleted.status(), await deleted.json()]).toEqual([200, { accepted: true }]);
    await expect.poll(async () => (await one()).status(), { timeout: 20_000 }).toBe(404);
    expect(
      (await json(await request.get(`${base}?${q}`, { headers: auth(t.sandbox) }))).data.map(
        (c: { id: string }) => c.id,
      ),
    ).not.toContain(comment.id);
  });

  test("405 where the network takes no such write; an unknown comment is 404", async ({ request }) => {
    const base = `/api/posts/${postId}/comments`;
    const pin = await request.post(`${base}/cmt_x/pin?profile_id=${profileId}`, { headers: auth(t.sandbox) });
    expect([pin.status(), await pin.json()]).toEqual([405, { error: "Unsupported method for facebook" }]);
    const missing = await request.post(`${base}/cmt_x/hide?profile_id=${profileId}`, { headers: auth(t.sandbox) });
    expect([missing.status(), await missing.json()]).toEqual([404, { error: "Not found" }]);
  });
});
