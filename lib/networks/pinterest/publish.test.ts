import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pinterestError, startPinterestFake, type PinterestFake } from "@/testing/fakes/pinterest";
import { MP4_BYTES, noSleep, publishInput, publishMedia } from "@/testing/publish-media";
import type { NetworkError } from "../errors";
import { timedFetch } from "../http";
import type { ProfileAuth, PublishInput } from "../types";
import { ZPinterestSettings, pinterestConnector } from ".";
import { pinterestPostRules } from "./post-rules";

let fake: PinterestFake;
const BOARD = "1000001";
const ctx = () => ({
  settings: ZPinterestSettings.parse({
    client_id: fake.clientId,
    client_secret: fake.clientSecret,
    web_url: fake.url,
    api_url: fake.url,
  }),
  fetch: timedFetch(5_000),
  sleep: noSleep,
});
const auth = (scopes?: string[]): ProfileAuth => ({
  externalId: fake.account.id,
  tokens: { accessToken: fake.grant(scopes), scopes },
  credentials: null,
  metadata: {},
});
const params = (p: Record<string, unknown> = {}) =>
  pinterestPostRules.params.parse({ board_id: BOARD, ...p }) as Record<string, unknown>;
const board = { externalId: BOARD, accessToken: null, metadata: { privacy: "PUBLIC" } };
const input = (i: Partial<PublishInput> = {}) =>
  publishInput(auth(), { placement: board, media: [publishMedia("image")], params: params(), ...i });
const publish = (i: PublishInput) => pinterestConnector.publish!(ctx(), i);
const lastPin = () => fake.publishing.pins.at(-1)!;
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable("should have failed"),
    (err: unknown) => err as NetworkError,
  );

beforeAll(async () => {
  fake = await startPinterestFake();
  fake.boards = [
    { id: BOARD, name: "Recipes", description: "", privacy: "PUBLIC" },
    { id: "1000002", name: "Garden", description: "", privacy: "PUBLIC" },
  ];
});
beforeEach(() => {
  fake.publishing.processingPolls = 1;
});
afterAll(() => fake.close());

describe("pinterest publish (POST /v5/pins against the fake)", () => {
  it("pins one image by URL to the placement's board with title, description, link and alt text", async () => {
    const media = [publishMedia("image", { url: "https://media.example.test/u/8f3a/photo.png" })];
    const result = await publish(
      input({
        body: "Lemon tart, step by step",
        media,
        params: params({ title: "Lemon tart", link: "https://recipes.example/tart", alt_text: ["A tart"] }),
      }),
    );
    const pin = lastPin();
    expect(result).toEqual({ externalId: pin.id, url: `https://www.pinterest.com/pin/${pin.id}/` });
    expect(fake.publishing.pinRequests.at(-1)).toEqual({
      board_id: BOARD,
      title: "Lemon tart",
      description: "Lemon tart, step by step",
      link: "https://recipes.example/tart",
      alt_text: "A tart",
      media_source: { source_type: "image_url", url: "https://media.example.test/u/8f3a/photo.png" },
    });
  });

  it("takes board_id from params without a placement, and the destination_link alias", async () => {
    await publish(
      input({
        placement: null,
        params: params({ board_id: "1000002", board_section_id: "55", destination_link: "https://garden.example" }),
      }),
    );
    expect(lastPin()).toMatchObject({
      board_id: "1000002",
      board_section_id: "55",
      link: "https://garden.example",
      description: "Hello from the publisher",
    });
  });

  it("pins a carousel of 2 to 5 images as multiple_image_urls", async () => {
    const media = [1, 2, 3].map((n) => publishMedia("image", { url: `https://media.example.test/${n}.png` }));
    await publish(input({ media }));
    expect(lastPin().media_source).toEqual({
      source_type: "multiple_image_urls",
      items: media.map((m) => ({ url: m.url })),
      index: 0,
    });
    expect(lastPin().media.media_type).toBe("multiple_images");
  });

  it("uploads a video (register, S3 form without bearer, poll) and pins it with its cover", async () => {
    fake.publishing.processingPolls = 3;
    await publish(input({ media: [publishMedia("video")], params: params({ thumb_offset: "2500" }) }));
    const source = lastPin().media_source;
    expect(source).toEqual({
      source_type: "video_id",
      media_id: expect.stringMatching(/^\d+$/),
      cover_image_key_frame_time: 2,
    });
    const media = fake.publishing.media.get(source.media_id as string)!;
    expect(media.status).toBe("succeeded");
    expect(Buffer.compare(media.bytes!, Buffer.from(MP4_BYTES))).toBe(0);
    const upload = fake.publishing.uploadRequests.at(-1)!;
    expect(upload.authorization).toBeUndefined();
    expect(upload.fieldOrder.at(-1)).toBe("file");
    expect(upload.fieldOrder).toEqual(expect.arrayContaining(["key", "policy", "x-amz-signature", "x-amz-credential"]));

    await publish(
      input({
        media: [publishMedia("video")],
        params: params({ cover_url: "https://media.example.test/cover.jpg", thumb_offset: "9000" }),
      }),
    );
    expect(lastPin().media_source).toMatchObject({ cover_image_url: "https://media.example.test/cover.jpg" });
    expect(lastPin().media_source.cover_image_key_frame_time).toBeUndefined();
    await publish(input({ media: [publishMedia("video")] }));
    expect(lastPin().media_source).toMatchObject({ cover_image_key_frame_time: 0 });
  });

  it("fails when Pinterest cannot process the video, and maps Pinterest's errors", async () => {
    const before = fake.publishing.pins.length;
    fake.publishing.failProcessingNext = true;
    expect(await rejection(publish(input({ media: [publishMedia("video")] })))).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "failed" },
    });
    fake.failNext("/pinterest-media-upload/", {
      status: 403,
      body: "<Error><Code>AccessDenied</Code><Message>Request has expired</Message><SignatureProvided>sig-abc</SignatureProvided></Error>",
    });
    const expired = await rejection(publish(input({ media: [publishMedia("video")] })));
    expect(expired).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "AccessDenied", platformErrorMessage: "Request has expired" },
    });
    expect(expired.message).not.toContain("sig-abc");
    expect(fake.publishing.pins.length).toBe(before);
    expect(await rejection(publish(input({ placement: { ...board, externalId: "424242" } })))).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "404", platformErrorMessage: "Board not found." },
    });
    fake.failNext(
      "/v5/pins",
      pinterestError(429, 8, "You have exceeded your rate limit. Try again later.", { "retry-after": "12" }),
    );
    expect(await rejection(publish(input()))).toMatchObject({ kind: "rate_limited", retryAfterMs: 12_000 });
    const readOnly = publishInput(auth(["boards:read", "pins:read"]), {
      placement: board,
      media: [publishMedia("image")],
      params: params(),
    });
    expect(await rejection(publish(readOnly))).toMatchObject({
      kind: "auth_expired",
      details: { platformErrorCode: "3" },
    });
    expect(
      await rejection(
        publish(
          publishInput(
            { ...auth(), tokens: { accessToken: "pina_bad" } },
            { placement: board, media: [publishMedia("image")], params: params() },
          ),
        ),
      ),
    ).toMatchObject({ kind: "auth_expired" });
  });
});

describe("pinterest findPublished", () => {
  it("finds a pin whose answer was lost, without creating anything", async () => {
    const i = input({ body: `Lost answer ${Date.now()}`, params: params({ title: "Lost" }) });
    fake.loseAnswerNext("POST /v5/pins");
    expect(await rejection(publish(i))).toMatchObject({ kind: "outcome_unknown" });
    const created = lastPin();
    const count = fake.publishing.pinRequests.length;
    expect(await pinterestConnector.findPublished!(ctx(), i)).toEqual({
      externalId: created.id,
      url: `https://www.pinterest.com/pin/${created.id}/`,
    });
    expect(fake.publishing.pinRequests.length).toBe(count);
  });

  it("answers null when the board has no such pin of the last day", async () => {
    const body = `Twin ${Date.now()}`;
    await publish(input({ body }));
    lastPin().created_at = new Date(Date.now() - 30 * 3600 * 1000).toISOString().slice(0, 19);
    expect(await pinterestConnector.findPublished!(ctx(), input({ body }))).toBeNull();
    await publish(input({ body, params: params({ title: "Other title" }) }));
    expect(await pinterestConnector.findPublished!(ctx(), input({ body }))).toBeNull(); // title differs
    expect(
      await pinterestConnector.findPublished!(
        ctx(),
        input({ body, params: params({ title: "Other title" }), media: [publishMedia("video")] }),
      ),
    ).toBeNull(); // media kind differs
  });

  it("cannot tell when the board's pins cannot be read", async () => {
    fake.failNext(`/v5/boards/${BOARD}/pins`, { status: 503, body: { code: 0, message: "Service unavailable" } });
    expect(await rejection(pinterestConnector.findPublished!(ctx(), input()))).toMatchObject({
      kind: "outcome_unknown",
    });
    expect(
      await rejection(
        pinterestConnector.findPublished!(ctx(), input({ placement: { ...board, externalId: "424242" } })),
      ),
    ).toMatchObject({
      kind: "outcome_unknown",
      details: { platformErrorCode: "404" },
    });
  });
});

describe("pinterest deletePublished (DELETE /v5/pins/{id})", () => {
  const remove = (externalId: string, a: ProfileAuth = auth()) =>
    pinterestConnector.deletePublished!(ctx(), { auth: a, placement: board, externalId, params: params() });

  it("deletes a published pin; deleting it again, or an id Pinterest never had, resolves", async () => {
    const body = `To be deleted ${Date.now()}`;
    const { externalId } = await publish(input({ body }));
    expect(fake.publishing.pins.some((p) => p.id === externalId)).toBe(true);
    await expect(remove(externalId)).resolves.toBeUndefined();
    expect(fake.publishing.pins.some((p) => p.id === externalId)).toBe(false);
    expect(fake.publishing.deletedPins.at(-1)!.id).toBe(externalId);
    expect(await pinterestConnector.findPublished!(ctx(), input({ body }))).toBeNull(); // the board no longer lists it
    await expect(remove(externalId)).resolves.toBeUndefined(); // Pinterest answers 404 now
    await expect(remove("999999999999")).resolves.toBeUndefined();
  });

  it("maps a refused delete and keeps the pin", async () => {
    const { externalId } = await publish(
      input({ placement: { ...board, externalId: "1000002" }, params: params({ board_id: "1000002" }) }),
    );
    const boards = fake.boards;
    fake.boards = boards.filter((b) => b.id !== "1000002"); // the board was taken away from the account
    try {
      expect(await rejection(remove(externalId))).toMatchObject({
        kind: "rejected",
        details: { platformErrorCode: "29" },
      });
    } finally {
      fake.boards = boards;
    }
    expect(await rejection(remove(externalId, { ...auth(), tokens: { accessToken: "pina_bad" } }))).toMatchObject({
      kind: "auth_expired",
      details: { platformErrorCode: "2" },
    });
    expect(await rejection(remove(externalId, auth(["boards:read", "pins:read"])))).toMatchObject({
      kind: "auth_expired",
      details: { platformErrorCode: "3" },
    });
    fake.failNext(
      `/v5/pins/${externalId}`,
      pinterestError(429, 8, "You have exceeded your rate limit. Try again later.", { "retry-after": "5" }),
    );
    expect(await rejection(remove(externalId))).toMatchObject({ kind: "rate_limited", retryAfterMs: 5_000 });
    expect(fake.publishing.pins.some((p) => p.id === externalId)).toBe(true);
  });
});
