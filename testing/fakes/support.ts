import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// The plumbing every network fake shares: one node:http server on a free loopback port, JSON answers,
// scripted failures (failNext), the token stores of an OAuth server and the "browser" that visits an
// authorize page. What each network answers, and when, stays in its own fake.

export type FakeReply = { status: number; body?: unknown; headers?: Record<string, string> };

// A request's raw bytes (uploads).
export const readBytes = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
export const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (data += chunk));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });

// `reply` as JSON (an empty body when it has none).
export const send = (res: ServerResponse, { status, body, headers }: FakeReply, contentType = "application/json") => {
  res.writeHead(status, { "content-type": contentType, ...headers });
  res.end(body === undefined ? "" : JSON.stringify(body));
};

export const redirect = (res: ServerResponse, location: URL | string) => {
  res.writeHead(302, { location: location.toString() });
  res.end();
};

// RFC 6749 `{error, error_description}`.
export const oauthError = (error: string, description: string, status = 400): FakeReply => ({
  status,
  body: { error, error_description: description },
});

// Scripted failures: push(key, reply) queues `reply` for the next request that `matches` key; take(request)
// removes and returns the first queued reply for it, oldest first.
export const failureQueue = <Key, Request = Key>(
  matches: (key: Key, request: Request) => boolean = (key, request) => Object.is(key, request),
) => {
  const queue: { key: Key; reply: FakeReply }[] = [];
  return {
    push: (key: Key, reply: FakeReply) => void queue.push({ key, reply }),
    take: (request: Request): FakeReply | undefined => {
      const index = queue.findIndex((f) => matches(f.key, request));
      return index < 0 ? undefined : queue.splice(index, 1)[0]!.reply;
    },
  };
};

// The access and refresh tokens an OAuth fake issued, each with its grant (scopes, client, …).
export const tokenStore = <Grant>() => {
  const access = new Map<string, Grant>();
  const refresh = new Map<string, Grant>();
  return {
    access,
    refresh,
    // The user removed the app: every token stops working.
    revokeAll: () => {
      access.clear();
      refresh.clear();
    },
    isAccessTokenValid: (token: string) => access.has(token),
    // The grant behind the request's `Authorization: Bearer` token.
    bearer: (req: IncomingMessage) => access.get((req.headers.authorization ?? "").replace(/^Bearer /, "")),
  };
};

// The user at an authorize page: fetches it without following the redirect and returns the query the
// page's 302 sends to redirect_uri ({code, state} or {error, …, state}). `page` names it in the error
// thrown when it answers anything else.
export const followConsent = async (
  authorizeUrl: URL,
  page: string,
  headers?: Record<string, string>,
): Promise<Record<string, string>> => {
  const res = await fetch(authorizeUrl, { redirect: "manual", ...(headers && { headers }) });
  const location = res.headers.get("location");
  if (res.status !== 302 || !location) throw new Error(`${page} answered ${res.status}: ${await res.text()}`);
  return Object.fromEntries(new URL(location).searchParams);
};

// Serves `handler` on a free port of 127.0.0.1: its origin, and close(), which resolves once the server
// has stopped (with `dropConnections`, after ending the connections still open instead of waiting for them).
export const listen = async (handler: RequestListener, { dropConnections = false } = {}) => {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if (dropConnections) server.closeAllConnections();
      }),
  };
};
