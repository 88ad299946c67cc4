import { createHash } from "node:crypto";
import type { FakeGoogleUser, GoogleFake } from "@/testing/fakes/google";
import { listen } from "@/testing/fakes/support";
import { timedFetch } from "../http";
import type { NetworkConnector, ProfileAuth } from "../types";
import { noSleep } from "@/testing/publish-media";

// For the youtube and google_business publishing and stats tests: a connector context pointed at the
// Google fake, a signed-in profile's auth (a real consent + code exchange against the fake, no
// database), and a small file server standing in for cover image hosts.

export const settingsFor = (google: GoogleFake, platform: "youtube" | "google_business") => {
  const prefix = `NETWORK_${platform.toUpperCase()}_`;
  return Object.fromEntries(
    Object.entries(google.env(platform)).map(([k, v]) => [k.slice(prefix.length).toLowerCase(), v]),
  );
};

// ctx.fetch is the app's fetch (timedFetch); every URL it is asked for is recorded in `fetched`.
export const contextFor = <S>(
  connector: NetworkConnector<S>,
  google: GoogleFake,
  platform: "youtube" | "google_business",
) => {
  const fetched: string[] = [];
  const inner = timedFetch(5_000);
  const fetch: typeof globalThis.fetch = (input, init) => {
    fetched.push(String(input instanceof Request ? input.url : input));
    return inner(input, init);
  };
  return { ctx: { settings: connector.settings.parse(settingsFor(google, platform)), fetch, sleep: noSleep }, fetched };
};

export const signIn = async <S>(
  connector: NetworkConnector<S>,
  ctx: { settings: S; fetch: typeof fetch },
  google: GoogleFake,
  user: FakeGoogleUser,
): Promise<ProfileAuth> => {
  const flow = connector.auth;
  if (flow.kind !== "oauth") throw new Error("oauth expected");
  const verifier = "a-verifier-that-is-long-enough-0123456789abcdef";
  const redirectUri = "https://app.example.test/connect/callback";
  const authorize = flow.authorizeUrl(ctx, {
    redirectUri,
    state: "s",
    codeChallenge: createHash("sha256").update(verifier).digest("base64url"),
    options: {},
    credentials: null,
  });
  const { code } = await google.consent({ user })(new URL(authorize));
  const tokens = await flow.exchangeCode(ctx, {
    code: code!,
    codeVerifier: verifier,
    redirectUri,
    credentials: null,
    callbackParams: {},
  });
  return { externalId: user.sub, tokens, credentials: null, metadata: {} };
};

// Serves `files` (path -> bytes and type, or a redirect to `location`); anything else is 404. `url(path)` names
// the server as localhost (the name the cover tests allowlist), `loopback(path)` by its address 127.0.0.1;
// `requests` lists every request that arrived ("GET /path").
type ServedFile = { bytes: Uint8Array; type: string } | { location: (loopback: (path: string) => string) => string };
export const startFileServer = async (files: Record<string, ServedFile>) => {
  const requests: string[] = [];
  const server = await listen((req, res) => {
    const path = new URL(req.url ?? "/", "http://files").pathname;
    requests.push(`${req.method} ${path}`);
    const file = files[path];
    if (!file) {
      res.writeHead(404, { "content-type": "text/plain" });
      return void res.end("not found");
    }
    if ("location" in file) {
      res.writeHead(302, { location: file.location(loopback) });
      return void res.end();
    }
    res.writeHead(200, { "content-type": file.type, "content-length": String(file.bytes.byteLength) });
    res.end(Buffer.from(file.bytes));
  });
  const loopback = (path: string) => `${server.url}${path}`;
  const url = (path: string) => loopback(path).replace("//127.0.0.1:", "//localhost:");
  return { url, loopback, requests, close: server.close };
};
