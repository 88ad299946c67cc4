import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { noSleep, publishInput, publishMedia } from "@/testing/publish-media";
import { timedFetch } from "../http";
import type { ProfileAuth, PublishInput } from "../types";
import { THREADS_SCOPES, threadsConnector } from ".";
import { threadsPostRules } from "./post-rules";
import { ZThreadsSettings } from "./settings";

// delete_on_platform on Threads against the Graph fake: DELETE /{threads-media-id} with the token as
// access_token, idempotent when the media is already gone, refusals mapped.

let fake: GraphFake;
let ctx: Parameters<NonNullable<typeof threadsConnector.publish>>[0];
let auth: ProfileAuth;
let token: string;
const USER = "9101";
const OTHER = "9102";

beforeAll(async () => {
  fake = await startGraphFake();
  fake.addApp("threads", "3000000000003", "th-secret");
  fake.addThreadsUser({ id: USER, username: "katherine.j" });
  fake.addThreadsUser({ id: OTHER, username: "someone.else" });
  token = fake.issueToken("threads", USER, THREADS_SCOPES);
  auth = { externalId: USER, tokens: { accessToken: token }, credentials: null, metadata: {} };
  ctx = {
    settings: ZThreadsSettings.parse({
      client_id: "3000000000003",
      client_secret: "th-secret",
      graph_url: fake.base("graph.threads.com"),
    }),
    fetch: timedFetch(5_000),
    sleep: noSleep,
  };
});
afterAll(() => fake.close());

const params = (p: Record<string, unknown> = {}) => threadsPostRules.params.parse(p) as Record<string, unknown>;
const publish = (over: Partial<PublishInput> = {}, as = auth) =>
  threadsConnector.publish!(ctx, publishInput(as, { params: params(), ...over }));
const remove = (externalId: string, as = auth) =>
  threadsConnector.deletePublished!(ctx, { auth: as, placement: null, externalId, params: params() });
const authOf = (userId: string, scopes: string[]): ProfileAuth => ({
  externalId: userId,
  tokens: { accessToken: fake.issueToken("threads", userId, scopes) },
  credentials: null,
  metadata: {},
});
const has = (id: string) => fake.publishedMedia("threads").some((m) => m.id === id);

describe("threads deletePublished", () => {
  it("DELETE /{threads-media-id} with access_token in the query; the fake no longer has the post", async () => {
    const { externalId } = await publish({ body: "To be deleted" });
    expect(has(externalId)).toBe(true);
    await expect(remove(externalId)).resolves.toBeUndefined();
    expect(has(externalId)).toBe(false);
    const call = fake.calls("graph.threads.com", externalId).at(-1)!;
    expect(call).toMatchObject({ method: "DELETE", version: "v1.0", query: { access_token: token } });
    expect(call.headers.authorization).toBeUndefined();
  });

  it("deleting again resolves: Graph's 'Unsupported delete request' (100/33) and a plain 404 count as gone", async () => {
    const { externalId } = await publish({ body: "Twice" });
    await remove(externalId);
    await expect(remove(externalId)).resolves.toBeUndefined();
    expect(fake.calls("graph.threads.com", externalId).filter((r) => r.method === "DELETE")).toHaveLength(2);
    await expect(remove("18020000000000000")).resolves.toBeUndefined();
    fake.failNext({
      host: "graph.threads.com",
      path: "1802404",
      status: 404,
      body: { error: { message: "Not found", code: 803 } },
    });
    await expect(remove("1802404")).resolves.toBeUndefined();
  });

  it("media and chain links go the same way: an image post and a reply each by their own id", async () => {
    const root = await publish({
      body: "1/2",
      media: [publishMedia("image", { url: "https://media.example.test/td.png" })],
    });
    const reply = await publish({
      body: "2/2",
      replyTo: { externalId: root.externalId, rootExternalId: root.externalId },
    });
    await remove(reply.externalId);
    expect([has(root.externalId), has(reply.externalId)]).toEqual([true, false]);
    await remove(root.externalId);
    expect(has(root.externalId)).toBe(false);
  });

  it("a refused delete throws the mapped NetworkError and leaves the post: no threads_delete, someone else's post, a revoked token", async () => {
    const { externalId } = await publish({ body: "Stays" });
    const noDelete = authOf(
      USER,
      THREADS_SCOPES.filter((s) => s !== "threads_delete"),
    );
    await expect(remove(externalId, noDelete)).rejects.toMatchObject({
      name: "NetworkError",
      kind: "rejected",
      details: { platformErrorCode: "200" },
    });

    await expect(remove(externalId, authOf(OTHER, THREADS_SCOPES))).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "200" },
    });

    const doomed = authOf(USER, THREADS_SCOPES);
    fake.revoke(doomed.tokens!.accessToken, 460);
    await expect(remove(externalId, doomed)).rejects.toMatchObject({ kind: "auth_expired" });

    fake.failNext({
      host: "graph.threads.com",
      path: externalId,
      error: { code: 4, message: "Application request limit reached" },
    });
    await expect(remove(externalId)).rejects.toMatchObject({ kind: "rate_limited" });

    expect(has(externalId)).toBe(true);
  });

  it("a profile without a token is auth_expired and sends nothing", async () => {
    const before = fake.requests.length;
    await expect(remove("1802", { ...auth, tokens: null })).rejects.toMatchObject({ kind: "auth_expired" });
    expect(fake.requests.length).toBe(before);
  });
});
