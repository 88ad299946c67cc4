import { Agent, request } from "node:http";
import type { BadRequest } from "./bad-input";

// Sends raw HTTP requests (paths, methods and bytes exactly as generated: no URL normalisation, no
// fetch restrictions) with a fixed number in flight. Writes to one path run one after the other: this
// campaign is about input, and concurrent writes to one resource are the concurrency campaign's subject.

export type Outcome = { status: number | null; error?: string; ms: number; body: string };

const send = (base: URL, agent: Agent, r: BadRequest, timeoutMs: number): Promise<Outcome> =>
  new Promise((resolve) => {
    const started = Date.now();
    const headers: Record<string, string> = { ...r.headers, connection: "keep-alive" };
    if (r.body) headers["content-length"] = String(r.body.length);
    const req = request({ host: base.hostname, port: base.port, method: r.method, path: r.path, headers, agent, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.length < 4 && chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? null, ms: Date.now() - started, body: Buffer.concat(chunks).toString("utf8").slice(0, 300) }));
      res.on("error", (err) => resolve({ status: null, error: err.message, ms: Date.now() - started, body: "" }));
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", (err) => resolve({ status: null, error: err.message, ms: Date.now() - started, body: "" }));
    req.end(r.body);
  });

export const flood = async (baseUrl: string, requests: BadRequest[], { concurrency, timeoutMs = 30_000 }: { concurrency: number; timeoutMs?: number }): Promise<Outcome[]> => {
  const base = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const outcomes: Outcome[] = new Array(requests.length);
  const writesInFlight = new Map<string, Promise<unknown>>();
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const i = next++;
      const r = requests[i]!;
      if (r.method === "GET" || r.method === "HEAD") {
        outcomes[i] = await send(base, agent, r, timeoutMs);
        continue;
      }
      const key = r.path.split("?")[0]!;
      const run = (writesInFlight.get(key) ?? Promise.resolve()).then(() => send(base, agent, r, timeoutMs));
      writesInFlight.set(key, run);
      outcomes[i] = await run;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return outcomes;
};
