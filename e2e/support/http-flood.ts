import { Agent, request } from "node:http";
import type { BadRequest } from "./bad-input";

// Sends raw HTTP requests (paths, methods and bytes exactly as generated: no URL normalisation, no
// fetch restrictions) with a fixed number in flight.

export type Outcome = { status: number | null; error?: string; ms: number; body: string };

const send = (base: URL, agent: Agent, r: BadRequest, timeoutMs: number, retried = false): Promise<Outcome> =>
  new Promise((resolve) => {
    const started = Date.now();
    const headers: Record<string, string> = { ...r.headers, connection: "keep-alive" };
    if (r.body) headers["content-length"] = String(r.body.length);
    const req = request(
      { host: base.hostname, port: base.port, method: r.method, path: r.path, headers, agent, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.length < 4 && chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? null,
            ms: Date.now() - started,
            body: Buffer.concat(chunks).toString("utf8").slice(0, 300),
          }),
        );
        res.on("error", (err) => resolve({ status: null, error: err.message, ms: Date.now() - started, body: "" }));
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", (err: NodeJS.ErrnoException) => {
      // A keep-alive socket the server closed just as it was reused: the request never arrived (Node's
      // documented retry case).
      if (req.reusedSocket && err.code === "ECONNRESET" && !retried)
        return resolve(send(base, agent, r, timeoutMs, true));
      resolve({ status: null, error: err.message, ms: Date.now() - started, body: "" });
    });
    req.end(r.body);
  });

// The writes of a B tenant (the ones that may be accepted) that could race each other share a key, and
// never two run at once with the same key: a tenant's writes to posts and queues share one (creation into
// a queue, PATCH, publish and queue edits lock the same rows: those races are the concurrency campaign's
// subject), any other is keyed by its resource. Must-refuse writes (tenant A) and reads run freely.
const keyOf = (r: BadRequest): string | null => {
  if (r.tenant === "A" || r.method === "GET" || r.method === "HEAD") return null;
  const resource = r.path.split("?")[0]!.split("/").slice(0, 4).join("/");
  return `${r.tenant} ${/^\/api\/(posts|post_queues|admin)\b/.test(resource) ? "posts and queues" : resource}`;
};

export const flood = async (
  baseUrl: string,
  requests: BadRequest[],
  { concurrency, timeoutMs = 30_000 }: { concurrency: number; timeoutMs?: number },
): Promise<Outcome[]> => {
  const base = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const outcomes: Outcome[] = new Array(requests.length);
  const pending = requests.map((_, i) => i);
  const busy = new Set<string>();
  let wake: (() => void)[] = [];
  const take = (): number | null | undefined => {
    const at = pending.findIndex((i) => {
      const key = keyOf(requests[i]!);
      return key === null || !busy.has(key);
    });
    return at === -1 ? (pending.length === 0 ? undefined : null) : pending.splice(at, 1)[0];
  };
  const worker = async () => {
    for (;;) {
      const i = take();
      if (i === undefined) return;
      if (i === null) {
        await new Promise<void>((resolve) => wake.push(resolve)); // every pending request's key is busy
        continue;
      }
      const key = keyOf(requests[i]!);
      if (key) busy.add(key);
      outcomes[i] = await send(base, agent, requests[i]!, timeoutMs);
      if (key) busy.delete(key);
      const waiting = wake;
      wake = [];
      for (const resolve of waiting) resolve();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return outcomes;
};
