import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { NetworkError } from "@/lib/networks/errors";
import { connectorFor } from "@/lib/networks/registry";
import type { ProfileAuth } from "@/lib/networks/types";
import { contextFor } from "@/lib/services/connections/context";
import { setEnv } from "@/testing/network-tests";
import { INSTAGRAM_SCOPES } from ".";

// Instagram comment writes reach only the sending account's media: the Graph fake refuses a comment on
// another account's media with Graph's own answer for a node the token cannot reach (code 100,
// subcode 33, GraphMethodException), and changes nothing.

const APP = { id: "2000000000091", secret: "ig-secret" };
const OWNER = { id: "app-scoped-91", user_id: "17841400000000091", username: "acme.bakery" };
const OTHER = { id: "app-scoped-92", user_id: "17841400000000092", username: "other.shop" };
let graph: GraphFake;

beforeAll(async () => {
  graph = await startGraphFake();
  graph.addApp("instagram", APP.id, APP.secret);
  graph.addInstagramUser(OWNER);
  graph.addInstagramUser(OTHER);
  return setEnv({
    NETWORK_INSTAGRAM_CLIENT_ID: APP.id,
    NETWORK_INSTAGRAM_CLIENT_SECRET: APP.secret,
    NETWORK_INSTAGRAM_GRAPH_URL: graph.base("graph.instagram.com"),
  });
});
afterAll(() => graph?.close());

const mediaOf = (userId: string) => {
  const id = `1790${Date.now()}${Math.floor(Math.random() * 1000)}`;
  graph.content.media.set(id, {
    id,
    family: "instagram",
    userId,
    containerId: "c",
    mediaType: "IMAGE",
    productType: "FEED",
    text: "Spring",
    children: [],
    permalink: "https://www.instagram.com/p/x/",
    createdAt: Date.now(),
  });
  const comment = `1797${Date.now()}`;
  graph.content.comments.set(comment, {
    id: comment,
    objectId: id,
    message: "Nice",
    createdAt: Date.now(),
    family: "instagram",
    fromId: "visitor-1",
  });
  return { media: id, comment };
};

const ownerAuth = (): ProfileAuth => ({
  externalId: OWNER.user_id,
  tokens: {
    accessToken: graph.issueToken("instagram", OWNER.id, INSTAGRAM_SCOPES),
    refreshToken: null,
    expiresAt: null,
    scopes: [],
  },
  credentials: null,
  metadata: {},
});

const instagram = () => {
  const connector = connectorFor({ platform: "instagram", environment: "live" });
  return { comments: connector.comments!, ctx: contextFor(connector) };
};

describe("instagram comment writes and the account's media", () => {
  it("hiding a comment on another account's media is refused with Graph's error and changes nothing", async () => {
    const { comment, media } = mediaOf(OTHER.user_id);
    const { comments, ctx } = instagram();
    const ref = {
      auth: ownerAuth(),
      placement: null,
      postExternalId: media,
      externalId: comment,
      parentExternalId: null,
    };
    const err = await comments.hide!(ctx, { ...ref, hidden: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).details).toMatchObject({ platformErrorCode: "100", platformErrorSubcode: "33" });
    expect(graph.content.comments.get(comment)?.hidden).toBeUndefined();
  });

  it("replying to a comment on another account's media is refused with Graph's error", async () => {
    const { comment, media } = mediaOf(OTHER.user_id);
    const { comments, ctx } = instagram();
    const draft = {
      auth: ownerAuth(),
      placement: null,
      postExternalId: media,
      parentExternalId: comment,
      rootExternalId: comment,
      body: "Hello",
      clientReference: "cmt_x",
      since: new Date(),
    };
    const err = await comments.create!(ctx, draft).catch((e: unknown) => e);
    expect((err as NetworkError).details).toMatchObject({ platformErrorCode: "100", platformErrorSubcode: "33" });
    expect([...graph.content.comments.values()].filter((c) => c.parentId === comment)).toEqual([]);
  });

  it("hiding a comment on the account's own media is accepted", async () => {
    const { comment, media } = mediaOf(OWNER.user_id);
    const { comments, ctx } = instagram();
    const ref = {
      auth: ownerAuth(),
      placement: null,
      postExternalId: media,
      externalId: comment,
      parentExternalId: null,
    };
    await comments.hide!(ctx, { ...ref, hidden: true });
    expect(graph.content.comments.get(comment)?.hidden).toBe(true);
  });
});
