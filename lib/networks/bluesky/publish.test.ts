import { describe, expect, it } from "vitest";
import { MP4_BYTES, PNG_BYTES, publishInput, publishMedia } from "@/testing/publish-media";
import { blueskyConnector } from ".";
import { authOf, testContext } from "./bluesky-test-context";
import { findLinks, findMentions, findTags } from "./facets";
import { imageSize } from "./media";
import { TID_PATTERN, parseAtUri, recordKeyFor } from "./record-key";
import { useBlueskyNetwork, type Account } from "./test-network";

// Publishing against a real PDS (@atproto/dev-env, no AppView): what the connector sends is asserted on
// what the PDS stored (the account's repo and its blobs), not on a fake's log.

const bluesky = useBlueskyNetwork({ label: "bluesky publish" });
const publish = blueskyConnector.publish!;
const findPublished = blueskyConnector.findPublished!;

type PostRecord = {
  text: string;
  createdAt: string;
  facets?: { index: { byteStart: number; byteEnd: number }; features: Record<string, string>[] }[];
  embed?: Record<string, unknown> & { $type: string };
  reply?: { root: { uri: string; cid: string }; parent: { uri: string; cid: string } };
};
const posts = async (account: Account) =>
  (await bluesky.listRecords(account, "app.bsky.feed.post")).map((r) => ({
    uri: r.uri,
    cid: r.cid,
    value: r.value as PostRecord,
  }));
const onlyPost = async (account: Account) => {
  const all = await posts(account);
  expect(all).toHaveLength(1);
  return all[0]!;
};
const blobBytes = async (did: string, cid: string) => {
  const res = await fetch(`${bluesky.pds}/xrpc/com.atproto.sync.getBlob?${new URLSearchParams({ did, cid })}`);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
};
const utf8Slice = (text: string, { byteStart, byteEnd }: { byteStart: number; byteEnd: number }) =>
  Buffer.from(text, "utf8").subarray(byteStart, byteEnd).toString("utf8");

describe("bluesky publish (real PDS)", () => {
  it("posts text as app.bsky.feed.post under our record key: at-uri externalId, bsky.app url", async () => {
    const account = await bluesky.createAccount();
    const { ctx, calls } = testContext(bluesky.pds);
    const input = publishInput(authOf(account), { body: "gm from the publisher" });

    const result = await publish(ctx, input);

    const rkey = recordKeyFor(input.clientReference);
    expect(rkey).toMatch(TID_PATTERN);
    expect(result).toEqual({
      externalId: `at://${account.did}/app.bsky.feed.post/${rkey}`,
      url: `https://bsky.app/profile/${account.did}/post/${rkey}`,
    });
    const post = await onlyPost(account);
    expect(post.uri).toBe(result.externalId);
    expect(post.value).toEqual({
      $type: "app.bsky.feed.post",
      text: "gm from the publisher",
      createdAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(post.value.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(calls).toEqual(["POST com.atproto.repo.createRecord"]);
  });

  it("computes facets in UTF-8 bytes: links, resolved mentions and hashtags; unknown handles stay text", async () => {
    const account = await bluesky.createAccount();
    const bob = await bluesky.createAccount();
    const { ctx, calls } = testContext(bluesky.pds);
    const body = `Café ☕ 👩‍👩‍👧‍👦 with @${bob.handle}, not @nobody-here.test: https://example.com/a?b=1. (see https://en.wikipedia.org/wiki/Foo_(bar)) #Launch2026! #42 día #café`;

    await publish(ctx, publishInput(authOf(account), { body }));

    const { value } = await onlyPost(account);
    expect(value.text).toBe(body);
    const facets = value.facets!.map((f) => ({ text: utf8Slice(body, f.index), feature: f.features[0] }));
    expect(facets).toEqual([
      { text: `@${bob.handle}`, feature: { $type: "app.bsky.richtext.facet#mention", did: bob.did } },
      {
        text: "https://example.com/a?b=1",
        feature: { $type: "app.bsky.richtext.facet#link", uri: "https://example.com/a?b=1" },
      },
      {
        text: "https://en.wikipedia.org/wiki/Foo_(bar)",
        feature: { $type: "app.bsky.richtext.facet#link", uri: "https://en.wikipedia.org/wiki/Foo_(bar)" },
      },
      { text: "#Launch2026", feature: { $type: "app.bsky.richtext.facet#tag", tag: "Launch2026" } },
      { text: "#café", feature: { $type: "app.bsky.richtext.facet#tag", tag: "café" } },
    ]);
    // Byte offsets, not UTF-16 indexes: the text before the mention has multi-byte characters.
    expect(value.facets![0]!.index.byteStart).toBe(Buffer.byteLength(body.slice(0, body.indexOf("@"))));
    expect(value.facets![0]!.index.byteStart).not.toBe(body.indexOf("@"));
    expect(calls.filter((c) => c.endsWith("resolveHandle"))).toHaveLength(2); // bob and nobody-here.test
  });

  it("uploads images as blobs (bytes from read()) into app.bsky.embed.images, with alt text and aspect ratio", async () => {
    const account = await bluesky.createAccount();
    const { ctx, calls } = testContext(bluesky.pds);
    const other = Uint8Array.from(
      Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwH4QBEfcD/ePF9e8AAAAASUVORK5CYII=",
        "base64",
      ),
    );
    const media = [
      publishMedia("image"),
      publishMedia("image", { bytes: other, url: "https://media.example.test/wide.png" }),
    ];

    await publish(
      ctx,
      publishInput(authOf(account), {
        body: "two pictures",
        media,
        params: { format: "post", alt_text: ["A red pixel", "A wide one"] },
      }),
    );

    expect(calls.filter((c) => c === "POST com.atproto.repo.uploadBlob")).toHaveLength(2);
    const { value } = await onlyPost(account);
    const embed = value.embed as {
      $type: string;
      images: {
        alt: string;
        aspectRatio?: unknown;
        image: { ref: { $link: string }; mimeType: string; size: number };
      }[];
    };
    expect(embed.$type).toBe("app.bsky.embed.images");
    expect(
      embed.images.map((i) => ({
        alt: i.alt,
        aspectRatio: i.aspectRatio,
        mimeType: i.image.mimeType,
        size: i.image.size,
      })),
    ).toEqual([
      { alt: "A red pixel", aspectRatio: { width: 1, height: 1 }, mimeType: "image/png", size: PNG_BYTES.byteLength },
      { alt: "A wide one", aspectRatio: { width: 2, height: 1 }, mimeType: "image/png", size: other.byteLength },
    ]);
    expect(await blobBytes(account.did, embed.images[0]!.image.ref.$link)).toEqual(PNG_BYTES);
    expect(await blobBytes(account.did, embed.images[1]!.image.ref.$link)).toEqual(other);
  });

  it("one alt_text string describes every image; no alt_text sends the lexicon's required empty alt", async () => {
    const account = await bluesky.createAccount();
    const { ctx } = testContext(bluesky.pds);
    await publish(
      ctx,
      publishInput(authOf(account), {
        body: "same",
        media: [publishMedia("image"), publishMedia("image")],
        params: { alt_text: "A pixel" },
      }),
    );
    await publish(ctx, publishInput(authOf(account), { body: "none", media: [publishMedia("image")], params: {} }));
    const byText = Object.fromEntries(
      (await posts(account)).map((p) => [
        p.value.text,
        (p.value.embed as unknown as { images: { alt: string }[] }).images.map((i) => i.alt),
      ]),
    );
    expect(byText).toEqual({ same: ["A pixel", "A pixel"], none: [""] });
  });

  it("uploads a video as a blob into app.bsky.embed.video (the PDS accepts it), with alt text", async () => {
    const account = await bluesky.createAccount();
    const { ctx } = testContext(bluesky.pds);
    await publish(
      ctx,
      publishInput(authOf(account), { body: "", media: [publishMedia("video")], params: { alt_text: "A short clip" } }),
    );
    const { value } = await onlyPost(account);
    const embed = value.embed as {
      $type: string;
      alt: string;
      video: { ref: { $link: string }; mimeType: string; size: number };
    };
    expect(embed).toMatchObject({
      $type: "app.bsky.embed.video",
      alt: "A short clip",
      video: { mimeType: "video/mp4", size: MP4_BYTES.byteLength },
    });
    expect(await blobBytes(account.did, embed.video.ref.$link)).toEqual(MP4_BYTES);
  });

  it("refuses more than 4 images or mixed media before uploading anything", async () => {
    const account = await bluesky.createAccount();
    const { ctx, calls } = testContext(bluesky.pds);
    const five = Array.from({ length: 5 }, () => publishMedia("image"));
    await expect(publish(ctx, publishInput(authOf(account), { media: five }))).rejects.toMatchObject({
      kind: "rejected",
      message: "A Bluesky post takes at most 4 images (got 5)",
    });
    await expect(
      publish(ctx, publishInput(authOf(account), { media: [publishMedia("image"), publishMedia("video")] })),
    ).rejects.toMatchObject({ kind: "rejected" });
    expect(calls).toEqual([]);
    expect(await posts(account)).toEqual([]);
  });

  it("chains: each link replies to the previous with root and parent strong refs looked up by getRecord", async () => {
    const account = await bluesky.createAccount();
    const { ctx, calls } = testContext(bluesky.pds);
    const auth = authOf(account);
    const root = await publish(
      ctx,
      publishInput(auth, { body: "1/3", media: [publishMedia("image")], params: { alt_text: "root image" } }),
    );
    const second = await publish(
      ctx,
      publishInput(auth, {
        body: "2/3",
        media: [publishMedia("image")],
        params: { alt_text: "root image" },
        replyTo: { externalId: root.externalId, rootExternalId: root.externalId },
      }),
    );
    const from = calls.length;
    const third = await publish(
      ctx,
      publishInput(auth, { body: "3/3", replyTo: { externalId: second.externalId, rootExternalId: root.externalId } }),
    );
    expect(calls.slice(from)).toEqual([
      "GET com.atproto.repo.getRecord",
      "GET com.atproto.repo.getRecord",
      "POST com.atproto.repo.createRecord",
    ]);

    const byUri = new Map((await posts(account)).map((p) => [p.uri, p]));
    const [r, s, t] = [byUri.get(root.externalId)!, byUri.get(second.externalId)!, byUri.get(third.externalId)!];
    expect(r.value.reply).toBeUndefined();
    expect(s.value.reply).toEqual({ root: { uri: r.uri, cid: r.cid }, parent: { uri: r.uri, cid: r.cid } });
    expect(t.value.reply).toEqual({ root: { uri: r.uri, cid: r.cid }, parent: { uri: s.uri, cid: s.cid } });
    // alt_text describes the root post's media only
    expect((s.value.embed as unknown as { images: { alt: string }[] }).images[0]!.alt).toBe("");
    expect((r.value.embed as unknown as { images: { alt: string }[] }).images[0]!.alt).toBe("root image");
  });

  it("a reply to a deleted post is rejected", async () => {
    const account = await bluesky.createAccount();
    const { ctx } = testContext(bluesky.pds);
    const auth = authOf(account);
    const root = await publish(ctx, publishInput(auth, { body: "soon gone" }));
    await bluesky.xrpc("com.atproto.repo.deleteRecord", {
      token: account.accessJwt,
      body: { repo: account.did, collection: "app.bsky.feed.post", rkey: root.externalId.split("/").pop() },
    });
    await expect(
      publish(
        ctx,
        publishInput(auth, {
          body: "reply",
          replyTo: { externalId: root.externalId, rootExternalId: root.externalId },
        }),
      ),
    ).rejects.toMatchObject({
      kind: "rejected",
      message: "The post this one replies to is no longer on Bluesky",
      details: { platformErrorCode: "RecordNotFound" },
    });
  });
});

describe("bluesky exactly once and read-back", () => {
  it("a retried publish names the same record: one post, the same result", async () => {
    const account = await bluesky.createAccount();
    const { ctx } = testContext(bluesky.pds);
    const input = publishInput(authOf(account), { body: "only once" });
    const first = await publish(ctx, input);
    expect(await publish(ctx, input)).toEqual(first);
    expect(await posts(account)).toHaveLength(1);
  });

  it("the PDS acts but the answer is lost: publish finds its record and returns it, still one post", async () => {
    const account = await bluesky.createAccount();
    const { ctx, calls, loseAnswer } = testContext(bluesky.pds);
    loseAnswer("com.atproto.repo.createRecord");
    const input = publishInput(authOf(account), { body: "answer lost" });
    const result = await publish(ctx, input);
    expect(calls).toEqual(["POST com.atproto.repo.createRecord", "GET com.atproto.repo.getRecord"]);
    expect((await onlyPost(account)).uri).toBe(result.externalId);
  });

  it("findPublished after an unknown outcome: found, without creating anything", async () => {
    const account = await bluesky.createAccount();
    const { ctx, calls, loseAnswer, fail } = testContext(bluesky.pds);
    loseAnswer("com.atproto.repo.createRecord");
    fail("com.atproto.repo.getRecord", {
      status: 502,
      body: { error: "UpstreamFailure", message: "Upstream service unreachable" },
    });
    const input = publishInput(authOf(account), { body: "sent, unanswered", media: [publishMedia("image")] });
    await expect(publish(ctx, input)).rejects.toMatchObject({ kind: "outcome_unknown" });

    const from = calls.length;
    const found = await findPublished(ctx, input);
    const rkey = recordKeyFor(input.clientReference);
    expect(found).toEqual({
      externalId: `at://${account.did}/app.bsky.feed.post/${rkey}`,
      url: `https://bsky.app/profile/${account.did}/post/${rkey}`,
    });
    expect(calls.slice(from)).toEqual(["GET com.atproto.repo.getRecord"]);
    expect(await posts(account)).toHaveLength(1);
  });

  it("findPublished: null when the record is certainly not there; outcome_unknown when the PDS cannot tell", async () => {
    const account = await bluesky.createAccount();
    const { ctx, calls, fail } = testContext(bluesky.pds);
    const input = publishInput(authOf(account), { body: "never sent" });
    expect(await findPublished(ctx, input)).toBeNull();

    fail("com.atproto.repo.getRecord", {
      status: 500,
      body: { error: "InternalServerError", message: "Internal Server Error" },
    });
    await expect(findPublished(ctx, input)).rejects.toMatchObject({ kind: "outcome_unknown" });
    fail("com.atproto.repo.getRecord", {
      status: 400,
      body: { error: "RepoDeactivated", message: "Repo has been deactivated" },
    });
    await expect(findPublished(ctx, input)).rejects.toMatchObject({
      kind: "outcome_unknown",
      details: { platformErrorCode: "RepoDeactivated" },
    });
    fail("com.atproto.repo.getRecord", {
      status: 429,
      body: { error: "RateLimitExceeded" },
      headers: { "retry-after": "7" },
    });
    await expect(findPublished(ctx, input)).rejects.toMatchObject({ kind: "rate_limited", retryAfterMs: 7000 });
    // getRecord is a public read: this PDS does not check a bad session there, the answer stays exact.
    expect(
      await findPublished(
        ctx,
        publishInput(authOf(account, `${account.accessJwt}x`), { clientReference: input.clientReference }),
      ),
    ).toBeNull();
    await expect(
      findPublished(
        ctx,
        publishInput({ ...authOf(account), tokens: null }, { clientReference: input.clientReference }),
      ),
    ).rejects.toMatchObject({ kind: "auth_expired" });
    expect(calls.every((c) => c === "GET com.atproto.repo.getRecord")).toBe(true);
    expect(await posts(account)).toEqual([]);
  });

  it("record keys: valid TIDs starting with 2 (timestamps before 2006), one per reference, stable", () => {
    const keys = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const key = recordKeyFor(`ppost_${i}`);
      expect(key).toMatch(TID_PATTERN);
      expect(key[0]).toBe("2");
      expect(key).not.toMatch(/n[ilo4a][gq]{2}/);
      keys.add(key);
    }
    expect(keys.size).toBe(2000);
    expect(recordKeyFor("ppost_abc")).toBe(recordKeyFor("ppost_abc"));
  });
});

describe("bluesky publish errors", () => {
  it("the PDS's record validation is rejected with its code and message", async () => {
    const account = await bluesky.createAccount();
    const { ctx } = testContext(bluesky.pds);
    await expect(publish(ctx, publishInput(authOf(account), { body: "a".repeat(301) }))).rejects.toMatchObject({
      kind: "rejected",
      message: expect.stringMatching(/grapheme too big \(maximum 300, got 301\)/),
      details: { platformErrorCode: "InvalidRequest" },
    });
    expect(await posts(account)).toEqual([]);
  });

  it("rate limits wait until ratelimit-reset; an invalid session is auth_expired", async () => {
    const account = await bluesky.createAccount();
    const { ctx, fail } = testContext(bluesky.pds);
    const reset = Math.floor(Date.now() / 1000) + 60;
    fail("com.atproto.repo.createRecord", {
      status: 429,
      body: { error: "RateLimitExceeded", message: "Rate Limit Exceeded" },
      headers: { "ratelimit-remaining": "0", "ratelimit-reset": String(reset) },
    });
    const limited = await publish(ctx, publishInput(authOf(account))).catch((e: unknown) => e);
    expect(limited).toMatchObject({ kind: "rate_limited", details: { platformErrorCode: "RateLimitExceeded" } });
    expect((limited as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(55_000);

    await expect(publish(ctx, publishInput(authOf(account, `${account.accessJwt}x`)))).rejects.toMatchObject({
      kind: "auth_expired",
    });
    await expect(
      publish(ctx, publishInput(authOf(account, `${account.accessJwt}x`), { media: [publishMedia("image")] })),
    ).rejects.toMatchObject({ kind: "auth_expired" });
    await expect(publish(ctx, publishInput({ ...authOf(account), tokens: null }))).rejects.toMatchObject({
      kind: "auth_expired",
      message: "No Bluesky session",
    });
    expect(await posts(account)).toEqual([]);
  });
});

describe("bluesky rich text and media helpers", () => {
  it("finds links without trailing punctuation, mentions that are domain names, tags that are not only digits", () => {
    expect(
      findLinks("go to https://a.example/x, then (http://b.example/y) and https://c.example/z?q=1!").map((l) => l.uri),
    ).toEqual(["https://a.example/x", "http://b.example/y", "https://c.example/z?q=1"]);
    expect(findMentions("hi @alice.bsky.social and @bob. and email@x.com and @nodot").map((m) => m.handle)).toEqual([
      "alice.bsky.social",
    ]);
    expect(findTags("#one two#three #4 #five, #six🎉 ＃seven").map((t) => t.tag)).toEqual([
      "one",
      "five",
      "six🎉",
      "seven",
    ]);
  });

  it("reads image sizes from PNG, GIF, JPEG and WebP headers", () => {
    expect(imageSize(PNG_BYTES)).toEqual({ width: 1, height: 1 });
    const gif = Uint8Array.from([...Buffer.from("GIF89a"), 3, 0, 2, 0, 0, 0]);
    expect(imageSize(gif)).toEqual({ width: 3, height: 2 });
    // SOI, an APP0 segment of 2 data bytes, then SOF0: precision 8, height 480, width 640
    const jpeg = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0x01, 0xe0, 0x02, 0x80, 1, 0, 0,
    ]);
    expect(imageSize(jpeg)).toEqual({ width: 640, height: 480 });
    const webp = new Uint8Array(32);
    webp.set(Buffer.from("RIFF"), 0);
    webp.set(Buffer.from("WEBPVP8X"), 8);
    webp.set([199, 0, 0, 99, 0, 0], 24); // canvas 200 x 100
    expect(imageSize(webp)).toEqual({ width: 200, height: 100 });
    expect(imageSize(MP4_BYTES)).toBeNull();
  });
});

describe("bluesky deletePublished (com.atproto.repo.deleteRecord, real PDS)", () => {
  const deletePublished = blueskyConnector.deletePublished!;

  it("deletes the post record; the PDS no longer has it; deleting again resolves", async () => {
    const account = await bluesky.createAccount();
    const { ctx, calls, since } = testContext(bluesky.pds);
    const kept = await publish(ctx, publishInput(authOf(account), { body: "stays" }));
    const { externalId } = await publish(ctx, publishInput(authOf(account), { body: "goes" }));
    const from = calls.length;

    await deletePublished(ctx, { auth: authOf(account), placement: null, externalId, params: {} });

    expect(since(from)).toEqual(["POST com.atproto.repo.deleteRecord"]);
    expect((await posts(account)).map((p) => p.uri)).toEqual([kept.externalId]);
    const { rkey } = parseAtUri(externalId);
    await expect(
      bluesky.xrpc("com.atproto.repo.getRecord", {
        query: { repo: account.did, collection: "app.bsky.feed.post", rkey },
      }),
    ).rejects.toThrow(/RecordNotFound/);
    await expect(
      deletePublished(ctx, { auth: authOf(account), placement: null, externalId, params: {} }),
    ).resolves.toBeUndefined();
    // A PDS that answers RecordNotFound instead of a no-op: deleted all the same.
    const scripted = testContext(bluesky.pds);
    scripted.fail("com.atproto.repo.deleteRecord", {
      status: 400,
      body: { error: "RecordNotFound", message: "Could not locate record" },
    });
    await expect(
      deletePublished(scripted.ctx, { auth: authOf(account), placement: null, externalId, params: {} }),
    ).resolves.toBeUndefined();
  });

  it("refusals throw the mapped error: an invalid session, someone else's repo, a rate limit; a bad id never reaches the PDS", async () => {
    const account = await bluesky.createAccount();
    const other = await bluesky.createAccount();
    const { ctx, calls, fail } = testContext(bluesky.pds);
    const { externalId } = await publish(ctx, publishInput(authOf(account), { body: "mine" }));
    const del = (auth: ReturnType<typeof authOf>, id = externalId) =>
      deletePublished(ctx, { auth, placement: null, externalId: id, params: {} });

    await expect(del(authOf(account, `${account.accessJwt}x`))).rejects.toMatchObject({ kind: "auth_expired" });
    // Someone else's repo: refused before the call (the PDS would answer 401 AuthenticationRequired).
    const from = calls.length;
    await expect(del(authOf(other))).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "not_own_repo" },
    });
    expect(calls.length).toBe(from);
    const foreign = await bluesky
      .xrpc("com.atproto.repo.deleteRecord", {
        token: other.accessJwt,
        body: { repo: account.did, collection: "app.bsky.feed.post", rkey: parseAtUri(externalId).rkey },
      })
      .catch((e: unknown) => e);
    expect(String(foreign)).toMatch(/401.*AuthenticationRequired/);
    // Without a stored DID, the session's DID is asked for first.
    await expect(del({ ...authOf(other), externalId: null })).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "not_own_repo" },
    });
    expect(calls.at(-1)).toBe("GET com.atproto.server.getSession");
    fail("com.atproto.repo.deleteRecord", {
      status: 429,
      body: { error: "RateLimitExceeded", message: "Rate Limit Exceeded" },
      headers: { "retry-after": "5" },
    });
    await expect(del(authOf(account))).rejects.toMatchObject({ kind: "rate_limited", retryAfterMs: 5000 });
    expect((await posts(account)).map((p) => p.uri)).toEqual([externalId]);

    const before = calls.length;
    await expect(del(authOf(account), "12345:67")).rejects.toMatchObject({ kind: "rejected" });
    await expect(del({ ...authOf(account), tokens: null })).rejects.toMatchObject({ kind: "auth_expired" });
    expect(calls.length).toBe(before);
  });
});
