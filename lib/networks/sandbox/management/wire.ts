// The sandbox's simulated APIs answer the real connectors' own HTTP calls, in process: `simulatedFetch`
// stands in for ctx.fetch and hands each request to the simulated host it is addressed to (the
// networks' real hostnames: the connectors run with their default settings). Nothing leaves the app:
// a request to any other host fails as a network error would.

export type SimRequest = {
  method: string;
  url: URL;
  headers: Headers;
  json: unknown; // a JSON body, parsed (undefined without one)
  form: Record<string, string>; // an application/x-www-form-urlencoded body
};
export type SimReply = { status: number; body: unknown; headers?: Record<string, string> };
export type SimHost = (req: SimRequest) => Promise<SimReply>;

const parseBody = (text: string, contentType: string): Pick<SimRequest, "json" | "form"> => {
  if (!text) return { json: undefined, form: {} };
  if (contentType.includes("application/x-www-form-urlencoded"))
    return { json: undefined, form: Object.fromEntries(new URLSearchParams(text)) };
  try {
    return { json: JSON.parse(text) as unknown, form: {} };
  } catch {
    return { json: text, form: {} };
  }
};

// Rehearsing the management endpoints' error answers: a value the caller sends (a field of a write, a
// search filter, a mention URL) containing one of these tags makes the simulated network answer every
// call of that request with its own error for it, nothing written: a refused permission, a rate limit
// with a wait, or the network being down. The same spirit as the posts' #sandbox-… tags.
export const FAILURE_TAGS = {
  "#sandbox-forbidden": "forbidden",
  "#sandbox-rate-limit": "rate_limited",
  "#sandbox-unavailable": "unavailable",
} as const;
export type SimFailure = (typeof FAILURE_TAGS)[keyof typeof FAILURE_TAGS];
export type FailureReply = (failure: SimFailure) => SimReply;
// Seconds the simulated networks ask to wait when rate limiting a tagged request.
export const SIM_RETRY_AFTER_SECONDS = 30;

export const failureTagged = (value: unknown): SimFailure | null => {
  const text = (JSON.stringify(value) ?? "").toLowerCase();
  const tag = (Object.keys(FAILURE_TAGS) as (keyof typeof FAILURE_TAGS)[]).find((t) => text.includes(t));
  return tag ? FAILURE_TAGS[tag] : null;
};

export const simulatedFetch =
  (hosts: Record<string, SimHost>, failing?: SimReply): typeof fetch =>
  async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const host = failing ? async () => failing : hosts[url.host];
    if (!hosts[url.host] || !host) throw new TypeError(`fetch failed: the sandbox network has no host ${url.host}`);
    const text = await request.text();
    const reply = await host({
      method: request.method,
      url,
      headers: request.headers,
      ...parseBody(text, request.headers.get("content-type") ?? ""),
    });
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status,
      headers: { "content-type": "application/json; charset=UTF-8", ...reply.headers },
    });
  };

export const ok = (body: unknown): SimReply => ({ status: 200, body });

export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
export const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
