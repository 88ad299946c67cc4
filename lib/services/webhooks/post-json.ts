import "server-only";
import { request } from "node:https";
import type { LookupFunction } from "node:net";

export type PostResult =
  | { ok: true; status: number; durationMs: number }
  | { ok: false; status: number | null; durationMs: number; error: string };

type Options = {
  url: string;
  body: string;
  headers: Record<string, string>;
  lookup: LookupFunction;
  connectTimeoutMs: number;
  responseTimeoutMs: number;
};

const MAX_RESPONSE_BYTES = 64 * 1024;

// One HTTPS POST with a connect deadline and a deadline for the whole response. Never throws: every
// outcome becomes a result the caller records. Redirects are not followed (a 3xx is a failure).
export const postJson = ({
  url,
  body,
  headers,
  lookup,
  connectTimeoutMs,
  responseTimeoutMs,
}: Options): Promise<PostResult> =>
  new Promise((resolve) => {
    const started = Date.now();
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(responseTimer);
      resolve(result);
    };
    const fail = (error: string, status: number | null = null) =>
      finish({ ok: false, status, durationMs: Date.now() - started, error });

    const req = request(url, {
      method: "POST",
      headers: { ...headers, "Content-Length": Buffer.byteLength(body).toString() },
      lookup,
      agent: false,
    });
    const connectTimer = setTimeout(() => {
      fail(`connect timeout after ${connectTimeoutMs} ms`);
      req.destroy();
    }, connectTimeoutMs);
    let responseTimer: NodeJS.Timeout | undefined;
    req.on("socket", (socket) => {
      socket.once("secureConnect", () => {
        clearTimeout(connectTimer);
        responseTimer = setTimeout(() => {
          fail(`no complete response within ${responseTimeoutMs} ms`);
          req.destroy();
        }, responseTimeoutMs);
      });
    });
    req.on("response", (res) => {
      let received = 0;
      res.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (received > MAX_RESPONSE_BYTES) res.destroy(); // the body is never used; don't buffer it
      });
      const done = () => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) finish({ ok: true, status, durationMs: Date.now() - started });
        else fail(`HTTP ${status}`, status);
      };
      res.on("end", done);
      res.on("close", done);
      res.on("error", done);
    });
    req.on("error", (err: NodeJS.ErrnoException) => fail(err.code ? `${err.code}: ${err.message}` : err.message));
    req.end(body);
  });
