import { readFileSync } from "node:fs";
import { createServer as createHttpServer, type RequestListener, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAllowlist } from "@/lib/net/address-policy";
import { testCertificate } from "@/testing/tls";
import { downloadMedia, MediaError } from "./download";
import { movie } from "./fixtures/iso-bmff";

const PNG = readFileSync(path.join(import.meta.dirname, "fixtures", "33x17.png"));
const servers: (Server | TcpServer)[] = [];
afterAll(() =>
  Promise.all(
    servers.map((s) => {
      const closed = new Promise((resolve) => s.close(resolve));
      if ("closeAllConnections" in s) s.closeAllConnections();
      return closed;
    }),
  ),
);

const start = async (server: Server | TcpServer) => {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
};

// What the test server saw of streamed bodies: whether the client hung up before the end.
const streams: Record<string, { sent: number; aborted: boolean }> = {};

const routes: Record<string, RequestListener> = {
  "/moved": (_req, res) => res.writeHead(301, { location: "/photo.png" }).end(),
  "/photo.png": (_req, res) =>
    res.writeHead(200, { "content-type": "image/png", "content-length": PNG.length }).end(PNG),
  "/untyped": (_req, res) => res.writeHead(200, { "content-type": "application/octet-stream" }).end(PNG),
  "/clip.mp4": (_req, res) => res.writeHead(200, { "content-type": "video/mp4" }).end(movie()),
  "/gzipped.png": (_req, res) =>
    res.writeHead(200, { "content-type": "image/png", "content-encoding": "gzip" }).end(gzipSync(PNG)),
  "/missing.jpg": (_req, res) => res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>"),
  "/error-page.jpg": (_req, res) =>
    res.writeHead(200, { "content-type": "image/jpeg" }).end("<html><body>Please log in</body></html>"),
  "/video-as.jpg": (_req, res) => res.writeHead(200, { "content-type": "image/jpeg" }).end(movie()),
  // Declares 10 MB and sends nothing more: refused from the header alone.
  "/huge-declared": (_req, res) => {
    res.writeHead(200, { "content-type": "video/mp4", "content-length": 10 * 1024 * 1024 });
    res.write(movie().subarray(0, 32));
  },
  // 64 KB chunks without a length, up to 4 MB: the client must hang up once past its cap.
  "/endless": (req, res) => {
    const state = { sent: 0, aborted: false as boolean };
    streams[req.url!] = state;
    res.writeHead(200, { "content-type": "video/mp4" });
    res.write(movie().subarray(0, 32));
    const chunk = Buffer.alloc(64 * 1024, 7);
    const timer = setInterval(() => {
      if (state.sent >= 4 * 1024 * 1024) {
        clearInterval(timer);
        return res.end();
      }
      state.sent += chunk.length;
      res.write(chunk);
    }, 5);
    res.on("close", () => {
      clearInterval(timer);
      if (!res.writableFinished) state.aborted = true;
    });
  },
  // Answers the head, then stalls.
  "/stall": (_req, res) => {
    res.writeHead(200, { "content-type": "image/png", "content-length": PNG.length });
    res.write(PNG.subarray(0, 10));
  },
};

let port = 0;
let base = "";
const handler: RequestListener = (req, res) => {
  const url = new URL(req.url!, "http://x");
  const hops = /^\/redirect\/(\d+)$/.exec(url.pathname);
  if (hops) {
    const n = Number(hops[1]);
    res.writeHead(n % 2 ? 302 : 307, { location: n <= 1 ? "/photo.png" : `/redirect/${n - 1}` });
    return res.end();
  }
  if (url.pathname === "/to-loopback-ip")
    return res.writeHead(307, { location: `http://127.0.0.1:${port}/photo.png` }).end();
  if (url.pathname === "/to-ftp") return res.writeHead(302, { location: "ftp://example.com/file.png" }).end();
  const route = routes[url.pathname];
  if (route) return route(req, res);
  res.writeHead(404).end();
};

beforeAll(async () => {
  port = await start(createHttpServer(handler));
  base = `http://localhost:${port}`;
});

const MB = 1024 * 1024;
const caught = async (promise: Promise<unknown>): Promise<MediaError> => {
  try {
    await promise;
  } catch (err) {
    if (err instanceof MediaError) return err;
    throw err;
  }
  throw new Error("expected a MediaError");
};

describe("downloadMedia", () => {
  it("downloads a file, with the type its bytes carry", async () => {
    const photo = await downloadMedia(`${base}/photo.png`, { maxBytes: MB });
    expect(photo).toEqual({ bytes: new Uint8Array(PNG), contentType: "image/png", sizeBytes: PNG.length });
    expect(await downloadMedia(`${base}/untyped`, { maxBytes: MB })).toMatchObject({ contentType: "image/png" });
    expect(await downloadMedia(`${base}/clip.mp4`, { maxBytes: MB })).toMatchObject({
      contentType: "video/mp4",
      sizeBytes: movie().length,
    });
    expect(await downloadMedia(`${base}/gzipped.png`, { maxBytes: MB })).toMatchObject({
      contentType: "image/png",
      sizeBytes: PNG.length,
    });
  });

  it("refuses a file whose Content-Length is over the cap without reading it", async () => {
    const started = Date.now();
    const err = await caught(downloadMedia(`${base}/huge-declared`, { maxBytes: 8 * MB }));
    expect(err).toMatchObject({ code: "too_large", message: `media ${base}/huge-declared: larger than 8 MB` });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("stops a streamed body as soon as it passes the cap", async () => {
    const err = await caught(downloadMedia(`${base}/endless`, { maxBytes: 256 * 1024 }));
    expect(err).toMatchObject({ code: "too_large", message: `media ${base}/endless: larger than 256 KB` });
    await expect.poll(() => streams["/endless"]?.aborted).toBe(true);
    expect(streams["/endless"]!.sent).toBeLessThan(4 * MB);
  });

  it("follows up to 5 redirects", async () => {
    expect(await downloadMedia(`${base}/redirect/5`, { maxBytes: MB })).toMatchObject({ contentType: "image/png" });
    expect(await downloadMedia(`${base}/moved`, { maxBytes: MB })).toMatchObject({ contentType: "image/png" });
    const err = await caught(downloadMedia(`${base}/redirect/6`, { maxBytes: MB }));
    expect(err).toMatchObject({
      code: "too_many_redirects",
      message: `media ${base}/redirect/6: more than 5 redirects`,
    });
  });

  it("checks every redirect target: a private address not allowlisted, or another scheme", async () => {
    const onlyLocalhost = parseAllowlist("localhost"); // the name, not 127.0.0.1
    const err = await caught(downloadMedia(`${base}/to-loopback-ip`, { maxBytes: MB, allowlist: onlyLocalhost }));
    expect(err).toMatchObject({
      code: "private_address",
      message: `media ${base}/to-loopback-ip: resolves to a private address (after a redirect to http://127.0.0.1:${port}/photo.png)`,
    });
    expect(await downloadMedia(`${base}/to-loopback-ip`, { maxBytes: MB })).toMatchObject({ contentType: "image/png" }); // allowlisted in tests
    const ftp = await caught(downloadMedia(`${base}/to-ftp`, { maxBytes: MB }));
    expect(ftp).toMatchObject({
      code: "invalid_url",
      message: `media ${base}/to-ftp: only http and https URLs can be downloaded (after a redirect to ftp://example.com/file.png)`,
    });
  });

  it("refuses private, loopback and link-local addresses unless allowlisted", async () => {
    const none = parseAllowlist("");
    for (const url of [
      `http://127.0.0.1:${port}/photo.png`,
      `http://localhost:${port}/photo.png`,
      `http://[::1]:${port}/photo.png`,
      "http://169.254.169.254/latest/meta-data",
      "http://10.0.0.8/x.jpg",
      "https://192.168.1.1/x.jpg",
    ]) {
      const err = await caught(downloadMedia(url, { maxBytes: MB, allowlist: none }));
      expect(err, url).toMatchObject({
        code: "private_address",
        message: `media ${url}: resolves to a private address`,
      });
    }
    expect(
      await downloadMedia(`http://127.0.0.1:${port}/photo.png`, {
        maxBytes: MB,
        allowlist: parseAllowlist("127.0.0.0/8"),
      }),
    ).toMatchObject({ sizeBytes: PNG.length });
  });

  it("refuses other schemes and invalid URLs", async () => {
    expect(await caught(downloadMedia("ftp://example.com/a.png", { maxBytes: MB }))).toMatchObject({
      code: "invalid_url",
      message: "media ftp://example.com/a.png: only http and https URLs can be downloaded",
    });
    expect(await caught(downloadMedia("file:///etc/passwd", { maxBytes: MB }))).toMatchObject({ code: "invalid_url" });
    expect(await caught(downloadMedia("not a url", { maxBytes: MB }))).toMatchObject({
      code: "invalid_url",
      message: "media not a url: not a valid URL",
    });
  });

  it("reports error answers, unreachable hosts and wrong content", async () => {
    const missing = await caught(downloadMedia(`${base}/missing.jpg`, { maxBytes: MB }));
    expect(missing).toMatchObject({
      code: "http_status",
      status: 404,
      message: `media ${base}/missing.jpg: the server answered 404`,
      isTransient: false,
    });
    expect(await caught(downloadMedia(`${base}/error-page.jpg`, { maxBytes: MB }))).toMatchObject({
      code: "type_mismatch",
      message: `media ${base}/error-page.jpg: declared as image/jpeg, but the content is not a recognised image or video`,
    });
    expect(await caught(downloadMedia(`${base}/video-as.jpg`, { maxBytes: MB }))).toMatchObject({
      code: "type_mismatch",
      reason: "declared as image/jpeg, but the content is video/mp4",
    });
    const refused = await caught(downloadMedia("http://localhost:1/a.png", { maxBytes: MB }));
    expect(refused).toMatchObject({
      code: "unreachable",
      message: "media http://localhost:1/a.png: the connection was refused",
      isTransient: true,
    });
    expect(await caught(downloadMedia("http://no-such-host.invalid/a.png", { maxBytes: MB }))).toMatchObject({
      code: "unreachable",
      reason: "the host no-such-host.invalid does not resolve",
    });
  });

  it("gives up when the whole download takes too long", async () => {
    const started = Date.now();
    const err = await caught(downloadMedia(`${base}/stall`, { maxBytes: MB, timeoutMs: 300 }));
    expect(err).toMatchObject({
      code: "timeout",
      message: `media ${base}/stall: not downloaded within 0.3 s`,
      isTransient: true,
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("gives up on a connection that does not come up in time (a TLS handshake that never completes)", async () => {
    const silent = createTcpServer((socket) => socket.resume()); // accepts TCP, reads, never speaks TLS
    const silentPort = await start(silent);
    const started = Date.now();
    const err = await caught(
      downloadMedia(`https://localhost:${silentPort}/a.png`, { maxBytes: MB, connectTimeoutMs: 200 }),
    );
    expect(err).toMatchObject({
      code: "timeout",
      message: `media https://localhost:${silentPort}/a.png: no connection within 0.2 s`,
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("downloads over HTTPS", async () => {
    const { key, cert } = testCertificate();
    const tlsPort = await start(
      createHttpsServer({ key, cert }, (_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(PNG)),
    );
    expect(await downloadMedia(`https://localhost:${tlsPort}/photo.png`, { maxBytes: MB })).toMatchObject({
      contentType: "image/png",
      sizeBytes: PNG.length,
    });
  });
});
