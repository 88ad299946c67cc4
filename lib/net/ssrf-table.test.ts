import { readFileSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadMedia, MediaError } from "@/lib/media/download";
import { postJson } from "@/lib/services/webhooks/post-json";
import { assertDeliverableUrl } from "@/lib/services/webhooks/url-policy";
import { testCertificate } from "@/testing/tls";
import { guardedLookup, isInternalAddress, parseAllowlist, type Resolver } from "./address-policy";

// The SSRF table: every spelling of an internal address a user can put into a webhook URL or a media URL,
// refused by both unless the operator opened it (WEBHOOK_ALLOWED_PRIVATE_HOSTS / MEDIA_ALLOWED_PRIVATE_HOSTS,
// parsed by parseAllowlist); redirects into the inside; DNS answers that change between check and connect.

const PNG = readFileSync(path.join(import.meta.dirname, "../media/fixtures/33x17.png"));
const none = parseAllowlist("");
const MB = 1024 * 1024;

// Host spellings (as typed in a URL) and what they are.
const INTERNAL_HOSTS: [string, string][] = [
  ["127.0.0.1", "loopback"],
  ["2130706433", "loopback, decimal"],
  ["0177.0.0.1", "loopback, octal"],
  ["0x7f.0.0.1", "loopback, hex"],
  ["0x7f000001", "loopback, one hex number"],
  ["127.1", "loopback, short form"],
  ["0.0.0.0", "unspecified (the local host)"],
  ["0", "unspecified, one number"],
  ["10.0.0.1", "private"],
  ["172.16.5.4", "private"],
  ["192.168.1.1", "private"],
  ["100.64.0.1", "carrier-grade NAT"],
  ["169.254.169.254", "link-local, cloud metadata"],
  ["[::1]", "IPv6 loopback"],
  ["[::]", "IPv6 unspecified"],
  ["[::ffff:127.0.0.1]", "IPv4-mapped loopback"],
  ["[::ffff:7f00:1]", "IPv4-mapped loopback, hex"],
  ["[::ffff:169.254.169.254]", "IPv4-mapped metadata"],
  ["[::127.0.0.1]", "IPv4-compatible loopback"],
  ["[::7f00:1]", "IPv4-compatible loopback, hex"],
  ["[::a9fe:a9fe]", "IPv4-compatible metadata"],
  ["[64:ff9b::7f00:1]", "NAT64 of loopback"],
  ["[2002:7f00:1::1]", "6to4 of loopback"],
  ["[2001::1]", "Teredo"],
  ["[fd00::1]", "unique local"],
  ["[fc00::1]", "unique local"],
  ["[fe80::1]", "link-local"],
  ["[fec0::1]", "site-local"],
  ["[ff02::1]", "multicast"],
  ["localhost", "loopback name"],
  ["app.localhost", "loopback name (RFC 6761)"],
  ["metadata.google.internal", "GCP metadata name"],
  ["metadata", "metadata short name"],
  ["instance-data", "AWS metadata name"],
  ["printer.local", "mDNS name"],
];

const PUBLIC_ADDRESSES = ["93.184.216.34", "1.1.1.1", "::ffff:8.8.8.8", "2606:4700:4700::1111", "2002:808:808::1"];

const caught = async (promise: Promise<unknown>): Promise<MediaError> => {
  try {
    await promise;
  } catch (err) {
    if (err instanceof MediaError) return err;
    throw err;
  }
  throw new Error("expected a MediaError");
};

// A resolver whose answers are scripted per call (what a rebinding DNS server does).
const scriptedResolver = (answers: string[]): Resolver & { calls: number } => {
  const resolver = Object.assign(
    (_hostname: string, callback: Parameters<Resolver>[1]) => {
      const address = answers[Math.min(resolver.calls, answers.length - 1)]!;
      resolver.calls++;
      callback(null, [{ address, family: address.includes(":") ? 6 : 4 }]);
    },
    { calls: 0 },
  );
  return resolver;
};

const servers: Server[] = [];
const hits: string[] = [];
let port = 0;
beforeAll(async () => {
  const server = createHttpServer((req, res) => {
    hits.push(req.url!);
    const to = new URL(req.url!, "http://x").searchParams.get("to");
    if (to) return res.writeHead(302, { location: to }).end();
    res.writeHead(200, { "content-type": "image/png" }).end(PNG);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

describe("SSRF table", () => {
  it.each(INTERNAL_HOSTS)("refuses %s (%s) for webhooks and media", async (host) => {
    await expect(assertDeliverableUrl(`https://${host}/hook`, none)).rejects.toMatchObject({ status: 422 });
    const err = await caught(downloadMedia(`http://${host}:${port}/photo.png`, { maxBytes: MB, allowlist: none }));
    expect(err.code).toBe("private_address");
  });

  it("lets public addresses through, also inside IPv4-mapped and 6to4 IPv6", () => {
    for (const address of PUBLIC_ADDRESSES) expect(isInternalAddress(address), address).toBe(false);
  });

  it("opens exactly what the *_ALLOWED_PRIVATE_HOSTS setting names", async () => {
    const loopback = parseAllowlist("127.0.0.0/8");
    for (const host of ["127.0.0.1", "2130706433", "0177.0.0.1", "0x7f.0.0.1", "127.1", "[::ffff:7f00:1]"]) {
      await expect(assertDeliverableUrl(`https://${host}/hook`, loopback), host).resolves.toBeUndefined();
    }
    // Opening loopback IPv4 does not open the IPv4-compatible form, link-local or names.
    for (const host of ["[::7f00:1]", "169.254.169.254", "metadata.google.internal"]) {
      await expect(assertDeliverableUrl(`https://${host}/hook`, loopback), host).rejects.toMatchObject({ status: 422 });
    }
    await expect(assertDeliverableUrl("https://[::7f00:1]/hook", parseAllowlist("::/96"))).resolves.toBeUndefined();
    await expect(
      assertDeliverableUrl(
        "https://metadata.google.internal/hook",
        parseAllowlist("metadata.google.internal"),
        scriptedResolver(["169.254.169.254"]),
      ),
    ).resolves.toBeUndefined();
    // An allowed spelling really connects (decimal form of the loopback test server).
    const photo = await downloadMedia(`http://2130706433:${port}/photo.png`, { maxBytes: MB, allowlist: loopback });
    expect(photo.sizeBytes).toBe(PNG.length);
  });

  it("refuses media redirects from an allowed host to an internal one, before connecting", async () => {
    const onlyLocalhost = parseAllowlist("localhost");
    for (const target of [
      `http://2130706433:${port}/photo.png`,
      `http://[::7f00:1]:${port}/photo.png`,
      "http://169.254.169.254/latest/meta-data/",
      "http://metadata.google.internal/",
      `http://[::ffff:7f00:1]:${port}/photo.png`,
    ]) {
      hits.length = 0;
      const url = `http://localhost:${port}/r?to=${encodeURIComponent(target)}`;
      const err = await caught(downloadMedia(url, { maxBytes: MB, allowlist: onlyLocalhost }));
      expect(err.code, target).toBe("private_address");
      expect(err.message).toContain("after a redirect to");
      expect(hits).toEqual([`/r?to=${encodeURIComponent(target)}`]); // the redirect only: the target was never fetched
    }
  });

  it("never follows a webhook receiver's redirect (a 3xx is a failed delivery)", async () => {
    const { key, cert } = testCertificate();
    const redirecting = createHttpsServer({ key, cert }, (_req, res) =>
      res.writeHead(307, { location: `http://127.0.0.1:${port}/inside` }).end(),
    );
    servers.push(redirecting);
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    hits.length = 0;
    const url = `https://localhost:${(redirecting.address() as AddressInfo).port}/hook`;
    const result = await postJson({
      url,
      body: "{}",
      headers: {},
      lookup: guardedLookup(parseAllowlist("localhost")),
      connectTimeoutMs: 2000,
      responseTimeoutMs: 2000,
    });
    expect(result).toMatchObject({ ok: false, status: 307, error: "HTTP 307" });
    expect(hits).toEqual([]);
  });

  it("refuses a name whose DNS answer turns internal between the check and the connection", async () => {
    // Webhooks: the save-time check sees a public address, the connection gets loopback.
    const rebinding = scriptedResolver(["93.184.216.34", "127.0.0.1"]);
    await expect(assertDeliverableUrl("https://rebind.example/hook", none, rebinding)).resolves.toBeUndefined();
    const delivery = await postJson({
      url: `https://rebind.example:${port}/hook`,
      body: "{}",
      headers: {},
      lookup: guardedLookup(none, rebinding),
      connectTimeoutMs: 2000,
      responseTimeoutMs: 2000,
    });
    expect(delivery).toMatchObject({ ok: false, error: expect.stringContaining("EINTERNALADDR") });
    expect(rebinding.calls).toBe(2);

    // Media: every connection (first hop and redirects) is checked on the address it really uses.
    hits.length = 0;
    const media = scriptedResolver(["127.0.0.1"]);
    expect(
      (
        await caught(
          downloadMedia(`http://rebind.example:${port}/photo.png`, { maxBytes: MB, allowlist: none, resolver: media }),
        )
      ).code,
    ).toBe("private_address");
    expect(hits).toEqual([]);
    // The same resolver with the name allowlisted: the connection goes where the answer says.
    const allowed = await downloadMedia(`http://rebind.example:${port}/photo.png`, {
      maxBytes: MB,
      allowlist: parseAllowlist("rebind.example"),
      resolver: scriptedResolver(["127.0.0.1"]),
    });
    expect(allowed.sizeBytes).toBe(PNG.length);
  });
});
