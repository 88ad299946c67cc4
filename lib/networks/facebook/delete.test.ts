import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphFake } from "@/testing/fakes/graph";
import { publishInput, publishMedia } from "@/testing/publish-media";
import type { PublishInput } from "../types";
import { FACEBOOK_SCOPES, facebookConnector } from ".";
import { facebookPostRules } from "./post-rules";
import { startFacebookTestContext } from "./test-context";

// delete_on_platform on Facebook against the Graph fake: DELETE /{id} as the Page for every format's
// id as `publish` returned it, idempotent when the object is already gone, refusals mapped.

let fake: GraphFake;
let ctx: Parameters<NonNullable<typeof facebookConnector.publish>>[0];
let pageToken: string;
const PAGE = "21001";
const OTHER = "21002";
const USER = "10160001";
const auth = { externalId: USER, tokens: { accessToken: "unused-user-token" }, credentials: null, metadata: {} };

beforeAll(async () => {
  ({ fake, ctx, pageToken } = await startFacebookTestContext({
    userId: USER,
    pages: [
      { id: PAGE, name: "Engines" },
      { id: OTHER, name: "Other" },
    ],
  }));
});
afterAll(() => fake.close());

const params = (p: Record<string, unknown> = {}) =>
  facebookPostRules.params.parse({ page_id: PAGE, ...p }) as Record<string, unknown>;
const placement = (token = pageToken, pageId = PAGE) => ({ externalId: pageId, accessToken: token, metadata: {} });
const publish = (over: Partial<PublishInput> = {}) =>
  facebookConnector.publish!(ctx, publishInput(auth, { placement: placement(), params: params(), ...over }));
const remove = (
  externalId: string,
  over: Partial<Parameters<NonNullable<typeof facebookConnector.deletePublished>>[1]> = {},
) => facebookConnector.deletePublished!(ctx, { auth, placement: placement(), externalId, params: params(), ...over });
const image = (n: number) => publishMedia("image", { url: `https://media.example.test/d${n}.png` });
const video = publishMedia("video", { url: "https://media.example.test/d.mp4" });
const stored = (id: string) => fake.facebookObjects(PAGE).find((o) => o.id === id || o.postId === id);

describe("facebook deletePublished", () => {
  it("a feed post: DELETE /{post-id} as the Page with appsecret_proof; the fake no longer has it", async () => {
    const { externalId } = await publish({ body: "To be deleted" });
    expect(stored(externalId)).toBeDefined();
    await expect(remove(externalId)).resolves.toBeUndefined();
    expect(stored(externalId)).toBeUndefined();
    const call = fake.calls("graph.facebook.com", externalId).at(-1)!;
    expect(call).toMatchObject({
      method: "DELETE",
      version: "v25.0",
      token: pageToken,
      query: { appsecret_proof: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(call.query.access_token).toBeUndefined();
  });

  it("deleting again resolves: Graph's 'Unsupported delete request' (100/33) and a plain 404 count as gone", async () => {
    const { externalId } = await publish({ body: "Twice" });
    await remove(externalId);
    await expect(remove(externalId)).resolves.toBeUndefined();
    expect(fake.calls("graph.facebook.com", externalId).filter((r) => r.method === "DELETE")).toHaveLength(2);
    await expect(remove(`${PAGE}_999999999`)).resolves.toBeUndefined();
    fake.failNext({
      host: "graph.facebook.com",
      path: "31337",
      status: 404,
      body: { error: { message: "Not found", code: 803 } },
    });
    await expect(remove("31337")).resolves.toBeUndefined();
  });

  it("every format by the id publish returned: a photo post (its photo goes too), a video, a reel, photo and video stories", async () => {
    const photo = await publish({ body: "Photo", media: [image(1)] });
    const photoObject = fake.facebookObjects(PAGE).find((o) => o.kind === "photo" && o.postId === photo.externalId)!;
    const clip = await publish({ body: "Video", media: [video] });
    const reel = await publish({ body: "Reel", media: [video], params: params({ format: "reel" }) });
    const photoStory = await publish({ media: [image(2)], params: params({ format: "story" }) });
    const videoStory = await publish({ media: [video], params: params({ format: "story" }) });
    for (const { externalId } of [photo, clip, reel, photoStory, videoStory]) {
      expect(stored(externalId)).toBeDefined();
      await remove(externalId);
      expect(stored(externalId)).toBeUndefined();
      expect(fake.calls("graph.facebook.com", externalId).at(-1)!.method).toBe("DELETE");
    }
    expect(fake.content.facebook.get(photoObject.id)).toBeUndefined();
  });

  it("a refused delete throws the mapped NetworkError and leaves the post: another Page's token, a revoked token, throttling", async () => {
    const { externalId } = await publish({ body: "Stays" });
    const otherToken = fake.pageToken(USER, OTHER, FACEBOOK_SCOPES);
    await expect(remove(externalId, { placement: placement(otherToken) })).rejects.toMatchObject({
      name: "NetworkError",
      kind: "rejected",
      details: { platformErrorCode: "200" },
    });

    const noManage = fake.pageToken(
      USER,
      PAGE,
      FACEBOOK_SCOPES.filter((s) => s !== "pages_manage_posts"),
    );
    await expect(remove(externalId, { placement: placement(noManage) })).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "200" },
    });

    const doomed = fake.pageToken(USER, PAGE, FACEBOOK_SCOPES);
    fake.revoke(doomed, 460);
    await expect(remove(externalId, { placement: placement(doomed) })).rejects.toMatchObject({
      kind: "auth_expired",
      details: { platformErrorSubcode: "460" },
    });

    fake.failNext({
      host: "graph.facebook.com",
      path: externalId,
      error: { code: 32, message: "Page request limit reached" },
    });
    await expect(remove(externalId)).rejects.toMatchObject({ kind: "rate_limited" });

    expect(stored(externalId)).toBeDefined();
  });

  it("needs the Page: no placement or no Page token is rejected and sends nothing", async () => {
    const before = fake.requests.length;
    await expect(remove(`${PAGE}_1`, { placement: null })).rejects.toMatchObject({
      kind: "rejected",
      message: "page_id is required",
    });
    await expect(
      remove(`${PAGE}_1`, { placement: { externalId: PAGE, accessToken: null, metadata: {} } }),
    ).rejects.toMatchObject({ kind: "rejected" });
    expect(fake.requests.length).toBe(before);
  });
});
