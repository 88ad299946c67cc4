import { afterEach, describe, expect, it, vi } from "vitest";
import { MB } from "@/lib/networks/post-rules";
import { ZPlatform } from "@/lib/schemas/common";
import { publishInput, publishMedia } from "@/testing/publish-media";
import { CAPABILITIES } from "../platforms";
import { connectorFor } from "../registry";
import { sandboxRecordOf, triggersIn } from "./publish";
import { firstPlacement, sandboxAuth, sandboxCtx } from "./sandbox-test-auth";

const PLATFORMS = ZPlatform.options;
const POSTABLE = PLATFORMS.filter((p) => p !== "whatsapp");

const setup = async (platform: (typeof PLATFORMS)[number] = "twitter") => {
  const connector = connectorFor({ platform: platform, environment: "sandbox" });
  const auth = await sandboxAuth(platform);
  const placement = CAPABILITIES[platform].placementsRequired ? await firstPlacement(platform, auth) : null;
  const sleeps: number[] = [];
  const ctx = sandboxCtx(async (ms) => void sleeps.push(ms));
  return {
    connector,
    auth,
    placement,
    ctx,
    sleeps,
    publish: connector.publish!,
    findPublished: connector.findPublished!,
  };
};

afterEach(() => {
  vi.useRealTimers();
});

describe("sandbox publish", () => {
  it.each(POSTABLE)(
    "%s: publishes with a simulated delay, sbx_post id and a sandbox.invalid url; the platform's real post rules",
    async (platform) => {
      const { auth, placement, ctx, sleeps, publish } = await setup(platform);
      const input = publishInput(auth, { placement, media: [publishMedia("image")] });
      const result = await publish(ctx, input);
      expect(result.externalId).toMatch(/^sbx_post_[0-9a-z]{20}$/);
      expect(result.url).toBe(`https://sandbox.invalid/${platform}/${result.externalId}`);
      expect(sleeps).toHaveLength(1);
      expect(sleeps[0]).toBeGreaterThanOrEqual(200);
      expect(sleeps[0]).toBeLessThanOrEqual(1500);
      expect(sandboxRecordOf(input.clientReference)).toMatchObject({
        externalId: result.externalId,
        platform,
        placementId: placement?.externalId ?? null,
        mediaCount: 1,
      });
    },
  );

  it("whatsapp cannot be posted to", () => {
    const whatsapp = connectorFor({ platform: "whatsapp", environment: "sandbox" });
    expect([whatsapp.publish, whatsapp.findPublished, whatsapp.profileStats, whatsapp.postStats]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("without ctx.sleep the delay is a real timer of 200 to 1,500 ms", async () => {
    vi.useFakeTimers();
    const { auth, publish } = await setup();
    let done = false;
    const pending = publish({ settings: {}, fetch }, publishInput(auth)).then((r) => ((done = true), r));
    await vi.advanceTimersByTimeAsync(199);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1301);
    expect((await pending).externalId).toMatch(/^sbx_post_/);
  });

  it("the same clientReference publishes once: a retry returns the recorded post", async () => {
    const { auth, ctx, publish, findPublished } = await setup();
    const input = publishInput(auth);
    expect(await findPublished(ctx, input)).toBeNull();
    const first = await publish(ctx, input);
    expect(await publish(ctx, input)).toEqual(first);
    expect(await findPublished(ctx, input)).toEqual(first);
    expect(await publish(ctx, { ...input, clientReference: `${input.clientReference}-2` })).not.toEqual(first);
  });

  it("records chains and placements; refuses a placement the account does not have", async () => {
    const { auth, ctx, publish } = await setup("facebook");
    const placement = await firstPlacement("facebook", auth);
    const root = await publish(ctx, publishInput(auth, { placement }));
    const input = publishInput(auth, {
      placement,
      replyTo: { externalId: root.externalId, rootExternalId: root.externalId },
    });
    await publish(ctx, input);
    expect(sandboxRecordOf(input.clientReference)).toMatchObject({
      replyTo: root.externalId,
      placementId: placement!.externalId,
    });
    for (const other of [{ externalId: "123", accessToken: null, metadata: {} }, null]) {
      await expect(publish(ctx, publishInput(auth, { placement: other }))).rejects.toMatchObject({
        kind: "rejected",
        details: { platformErrorCode: "SANDBOX_UNKNOWN_PLACEMENT" },
      });
    }
    const linkedin = await setup("linkedin");
    expect((await linkedin.publish(linkedin.ctx, publishInput(linkedin.auth))).externalId).toMatch(/^sbx_post_/); // the member's own profile
  });

  it("refuses media the real network refuses for their size, by that network's limits for the post's format", async () => {
    const sized = (kind: "image" | "video", sizeBytes: number) => ({ ...publishMedia(kind), sizeBytes });
    const x = await setup("twitter");
    const tooBig = publishInput(x.auth, { media: [sized("image", 9 * MB)] });
    await expect(x.publish(x.ctx, tooBig)).rejects.toMatchObject({
      kind: "rejected",
      message: "The sandbox X (Twitter) network refuses the media: media[0] is 9 MB (maximum 5 MB for images)",
      details: { platformErrorCode: "SANDBOX_MEDIA_SIZE" },
    });
    expect(sandboxRecordOf(tooBig.clientReference)).toBeNull();
    expect((await x.publish(x.ctx, publishInput(x.auth, { media: [sized("image", 4 * MB)] }))).externalId).toMatch(
      /^sbx_post_/,
    );
    const bluesky = await setup("bluesky");
    await expect(
      bluesky.publish(bluesky.ctx, publishInput(bluesky.auth, { media: [sized("video", 60 * MB)] })),
    ).rejects.toMatchObject({ kind: "rejected", message: /media\[0\] is 60 MB \(maximum 50 MB for videos\)/ });
    const instagram = await setup("instagram");
    const story = { format: "story" };
    await expect(
      instagram.publish(
        instagram.ctx,
        publishInput(instagram.auth, { params: story, media: [sized("video", 150 * MB)] }),
      ),
    ).rejects.toMatchObject({ kind: "rejected", message: /maximum 100 MB for videos/ });
    expect(
      (await instagram.publish(instagram.ctx, publishInput(instagram.auth, { media: [sized("video", 150 * MB)] })))
        .externalId,
    ).toMatch(/^sbx_post_/); // a feed video may be 300 MB
  });

  it("an invalid sandbox token is auth_expired", async () => {
    const { auth, ctx, publish, findPublished } = await setup();
    const broken = { ...auth, tokens: { accessToken: "sandbox.garbage" } };
    await expect(publish(ctx, publishInput(broken))).rejects.toMatchObject({ kind: "auth_expired" });
    await expect(findPublished(ctx, publishInput({ ...auth, tokens: null }))).rejects.toMatchObject({
      kind: "auth_expired",
    });
  });
});

describe("sandbox failure triggers", () => {
  it("finds triggers in the body, in any case, ignoring unknown ones", () => {
    expect([...triggersIn("Launch! #Sandbox-Fail and #sandbox-retry #sandbox-nope #sandboxfail")]).toEqual([
      "fail",
      "retry",
    ]);
  });

  it("#sandbox-fail: rejected with the platform details; nothing recorded", async () => {
    const { auth, ctx, publish, findPublished } = await setup("instagram");
    const input = publishInput(auth, { body: "New drop #sandbox-fail", media: [publishMedia("image")] });
    await expect(publish(ctx, input)).rejects.toMatchObject({
      kind: "rejected",
      message: "The sandbox network rejected this post (#sandbox-fail)",
      details: {
        platformErrorCode: "SANDBOX_REJECTED",
        platformErrorSubcode: null,
        platformErrorMessage: "The sandbox network rejected this post (#sandbox-fail)",
      },
    });
    await expect(publish(ctx, input)).rejects.toMatchObject({ kind: "rejected" }); // every attempt
    expect(await findPublished(ctx, input)).toBeNull();
  });

  it("#sandbox-retry: the first attempt per clientReference is rate limited for 1 s, the next succeeds", async () => {
    const { auth, ctx, publish } = await setup();
    const input = publishInput(auth, { body: "Retry me #SANDBOX-RETRY" });
    await expect(publish(ctx, input)).rejects.toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 1000,
      details: { platformErrorCode: "SANDBOX_RATE_LIMITED" },
    });
    const second = await publish(ctx, input);
    expect(second.externalId).toMatch(/^sbx_post_/);
    expect(await publish(ctx, input)).toEqual(second);
    await expect(publish(ctx, publishInput(auth, { body: input.body }))).rejects.toMatchObject({
      kind: "rate_limited",
    }); // another post: its own first attempt
  });

  it("#sandbox-timeout: outcome_unknown, but the post is published and findPublished finds it", async () => {
    const { auth, ctx, publish, findPublished } = await setup("threads");
    const input = publishInput(auth, { body: "Slow network #sandbox-timeout" });
    await expect(publish(ctx, input)).rejects.toMatchObject({
      kind: "outcome_unknown",
      details: { platformErrorCode: "SANDBOX_TIMEOUT" },
    });
    const found = await findPublished(ctx, input);
    expect(found).toEqual({
      externalId: sandboxRecordOf(input.clientReference)!.externalId,
      url: expect.stringMatching(/^https:\/\/sandbox\.invalid\/threads\/sbx_post_/),
    });
    expect(await publish(ctx, input)).toEqual(found); // a blind retry would not duplicate it either
  });

  it("#sandbox-unconfirmed: outcome_unknown, and findPublished cannot tell either", async () => {
    const { auth, ctx, publish, findPublished } = await setup("telegram");
    const placement = await firstPlacement("telegram", auth);
    const input = publishInput(auth, { placement, body: "Who knows #sandbox-unconfirmed" });
    await expect(publish(ctx, input)).rejects.toMatchObject({
      kind: "outcome_unknown",
      details: { platformErrorCode: "SANDBOX_NO_ANSWER" },
    });
    await expect(findPublished(ctx, input)).rejects.toMatchObject({
      kind: "outcome_unknown",
      message: expect.stringMatching(/cannot tell/),
    });
    expect(sandboxRecordOf(input.clientReference)).toBeNull();
  });

  it("#sandbox-auth: auth_expired", async () => {
    const { auth, ctx, publish } = await setup("linkedin");
    await expect(publish(ctx, publishInput(auth, { body: "Expired #sandbox-auth" }))).rejects.toMatchObject({
      kind: "auth_expired",
      details: { platformErrorCode: "SANDBOX_AUTH_EXPIRED" },
    });
  });
});

describe("sandbox first comment", () => {
  it("facebook and instagram posts take a first comment: an sbx_comment id after a delay", async () => {
    for (const platform of ["facebook", "instagram"] as const) {
      const { auth, placement, ctx, sleeps, publish, connector } = await setup(platform);
      const input = publishInput(auth, { placement, media: [publishMedia("image")] });
      const post = await publish(ctx, input);
      const comment = await connector.createFirstComment!(ctx, {
        ...input,
        postExternalId: post.externalId,
        body: "First!",
      });
      expect(comment.externalId).toMatch(/^sbx_comment_[0-9a-z]{20}$/);
      expect(sleeps).toHaveLength(2);
    }
    expect(connectorFor({ platform: "twitter", environment: "sandbox" }).createFirstComment).toBeUndefined();
  });
});

describe("sandbox deletePublished", () => {
  it.each(POSTABLE.filter((p) => p !== "instagram" && p !== "tiktok"))(
    "%s: removes the post after a simulated delay; findPublished no longer finds it; deleting again resolves",
    async (platform) => {
      const { connector, auth, placement, ctx, sleeps, publish, findPublished } = await setup(platform);
      const input = publishInput(auth, { placement, media: [publishMedia("image")] });
      const { externalId } = await publish(ctx, input);
      const del = () => connector.deletePublished!(ctx, { auth, placement, externalId, params: input.params });
      await expect(del()).resolves.toBeUndefined();
      expect(sleeps).toHaveLength(2);
      expect(sleeps[1]).toBeGreaterThanOrEqual(200);
      expect(sandboxRecordOf(input.clientReference)).toBeNull();
      expect(await findPublished(ctx, input)).toBeNull();
      await expect(del()).resolves.toBeUndefined();
    },
  );

  it("leaves other posts alone; an id the sandbox never issued resolves; whatsapp has no posts to delete", async () => {
    const { connector, auth, ctx, publish } = await setup();
    const kept = publishInput(auth);
    const keptPost = await publish(ctx, kept);
    await connector.deletePublished!(ctx, { auth, placement: null, externalId: "sbx_post_unknown", params: {} });
    expect(sandboxRecordOf(kept.clientReference)).toMatchObject({ externalId: keptPost.externalId });
    expect(connectorFor({ platform: "whatsapp", environment: "sandbox" }).deletePublished).toBeUndefined();
    // as on the real networks, Instagram and TikTok posts cannot be deleted through the API
    expect(connectorFor({ platform: "instagram", environment: "sandbox" }).deletePublished).toBeUndefined();
    expect(connectorFor({ platform: "tiktok", environment: "sandbox" }).deletePublished).toBeUndefined();
  });

  it("an invalid sandbox token is auth_expired, and the post stays", async () => {
    const { connector, auth, ctx, publish } = await setup();
    const input = publishInput(auth);
    const { externalId } = await publish(ctx, input);
    await expect(
      connector.deletePublished!(ctx, {
        auth: { ...auth, tokens: { accessToken: "sandbox.garbage" } },
        placement: null,
        externalId,
        params: {},
      }),
    ).rejects.toMatchObject({ kind: "auth_expired" });
    await expect(
      connector.deletePublished!(ctx, { auth: { ...auth, tokens: null }, placement: null, externalId, params: {} }),
    ).rejects.toMatchObject({ kind: "auth_expired" });
    expect(sandboxRecordOf(input.clientReference)).toMatchObject({ externalId });
  });
});
