import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "@/testing/fakes/support";
import { parseAllowlist, type Resolver } from "@/lib/net/address-policy";
import { NetworkError } from "./errors";
import { downloadNamedImage } from "./named-image";

// downloadNamedImage (covers and thumbnails named by URL): the guarded downloader under the caller's field
// name, with one generic refusal. "cdn.example" plays a public image host: the resolver answers a public
// address the allowlist opens (so the test server on loopback is reachable under that name only).

const JPG = new Uint8Array(readFileSync("lib/media/fixtures/640x640.jpg"));
const seen: string[] = [];
let server: Awaited<ReturnType<typeof listen>>;
let port: number;

const resolver: Resolver = (hostname, callback) =>
  hostname === "cdn.example"
    ? callback(null, [{ address: "127.0.0.1", family: 4 }])
    : callback(Object.assign(new Error("not found"), { code: "ENOTFOUND" }), []);
const allowlist = parseAllowlist("cdn.example");
const refuse = (message: string) => new NetworkError("rejected", message);
const download = (url: string, maxBytes = 1024 * 1024) =>
  downloadNamedImage(url, "cover_url", { maxBytes, tooLarge: "cover_url is too large", refuse, allowlist, resolver });
const failure = (url: string, maxBytes?: number): Promise<NetworkError> =>
  download(url, maxBytes).then(
    () => {
      throw new Error(`${url} was downloaded`);
    },
    (e: unknown) => e as NetworkError,
  );

beforeAll(async () => {
  server = await listen((req, res) => {
    seen.push(`${req.headers.host} ${req.url}`);
    if (req.url === "/cover.jpg") return void res.writeHead(200, { "content-type": "image/jpeg" }).end(JPG);
    if (req.url === "/to-loopback")
      return void res.writeHead(302, { location: `http://127.0.0.1:${port}/cover.jpg` }).end();
    if (req.url === "/to-metadata")
      return void res.writeHead(307, { location: "http://169.254.169.254/latest/" }).end();
    res.writeHead(500, { "content-type": "text/plain" }).end("internal details");
  });
  port = Number(new URL(server.url).port);
});
afterAll(() => server?.close());

describe("downloadNamedImage", () => {
  it("downloads an image from an allowed host, its type from the bytes", async () => {
    const image = await download(`http://cdn.example:${port}/cover.jpg`);
    expect(image.contentType).toBe("image/jpeg");
    expect(image.bytes.byteLength).toBe(JPG.byteLength);
  });

  it.each([
    ["a loopback address", () => `http://127.0.0.1:${port}/cover.jpg`],
    ["the cloud metadata address", () => "http://169.254.169.254/latest/meta-data/"],
    ["a public-looking host redirecting to loopback", () => `http://cdn.example:${port}/to-loopback`],
    ["a public-looking host redirecting to the metadata address", () => `http://cdn.example:${port}/to-metadata`],
    ["a server error", () => `http://cdn.example:${port}/oops`],
    ["a non-http scheme", () => "file:///etc/passwd"],
  ])("refuses %s with the generic message", async (_, url) => {
    const before = seen.length;
    const err = await failure(url());
    expect(err).toBeInstanceOf(NetworkError);
    expect({ kind: err.kind, message: err.message }).toEqual({
      kind: "rejected",
      message: "cover_url could not be downloaded",
    });
    expect(seen.slice(before).filter((s) => s.startsWith("127.0.0.1"))).toEqual([]); // loopback never reached
  });

  it("an unanswered download is retried later (rate_limited), just as generically", async () => {
    const closed = await listen(() => undefined);
    const closedPort = Number(new URL(closed.url).port);
    await closed.close();
    const err = await failure(`http://cdn.example:${closedPort}/cover.jpg`);
    expect(err).toMatchObject({ kind: "rate_limited", message: "cover_url could not be downloaded" });
    expect(err.retryAfterMs).toBeGreaterThan(0);
  });

  it("a file past the network's limit is refused with the connector's message", async () => {
    const err = await failure(`http://cdn.example:${port}/cover.jpg`, 100);
    expect(err).toMatchObject({ kind: "rejected", message: "cover_url is too large" });
  });
});
