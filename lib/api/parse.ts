import type { z } from "zod";
import { fieldName, isMissing, issueMessages } from "@/lib/schemas/issue-messages";
import { isUnsafeKey, ZSafeInput } from "@/lib/schemas/safe-input";
import { badRequest, notFound, unprocessable } from "@/lib/errors";
import { formDataToObject } from "./multipart";
import { readMultipart } from "./multipart-stream";

// Query strings arrive as `a=1,2`, `a[]=1&a[]=2` or `a=1&a=2` depending on the client:
// bracket suffixes are dropped and repeated keys become arrays; schemas normalise the rest. Keys are
// the client's choice: the object has no prototype and prototype keys are refused (400).
export const queryToObject = (params: URLSearchParams): Record<string, string | string[]> => {
  const out = Object.create(null) as Record<string, string | string[]>;
  for (const [rawKey, value] of params) {
    const key = rawKey.endsWith("[]") ? rawKey.slice(0, -2) : rawKey;
    if (isUnsafeKey(key)) throw badRequest(`${key} is not an allowed query parameter`);
    const prev = out[key];
    out[key] = prev === undefined ? (rawKey.endsWith("[]") ? [value] : value) : [...[prev].flat(), value];
  }
  return out;
};

export const parseParams = <T extends z.ZodType>(schema: T | undefined, raw: unknown): z.infer<T> | undefined => {
  if (!schema) return undefined;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw notFound(); // a malformed id names nothing that exists
  return parsed.data;
};

// Every query and body first passes ZSafeInput (no NUL, no unpaired surrogates, no prototype keys, no
// absurd nesting), so those never reach a schema, a merge or the database.
const assertSafe = (raw: unknown, fail: (messages: string[]) => Error) => {
  const safe = ZSafeInput.safeParse(raw);
  if (!safe.success) throw fail(issueMessages(safe.error, raw));
};

export const parseQuery = <T extends z.ZodType>(schema: T | undefined, url: URL): z.infer<T> | undefined => {
  if (!schema) return undefined;
  const raw = queryToObject(url.searchParams);
  assertSafe(raw, (messages) => badRequest(messages.join("; ")));
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  if (isMissing(issue, raw)) throw badRequest(`param is missing or the value is empty: ${fieldName(issue)}`);
  throw badRequest(issueMessages(parsed.error, raw).join("; "));
};

// JSON bodies: empty or absent means {} (some clients POST actions without a body); anything that is
// not JSON is a 400. Unknown fields are stripped by the schemas (zod objects are non-strict).
// Multipart bodies (post creation with uploads) are streamed (lib/api/multipart-stream.ts: files go to disk
// as they arrive) and become the same object shape (lib/api/multipart.ts).
export const readJsonBody = async (req: Request, { multipart = false } = {}): Promise<unknown> => {
  if (multipart && /^multipart\/form-data/i.test(req.headers.get("content-type") ?? "")) {
    return formDataToObject(await readMultipart(req));
  }
  const text = await req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest("Request body is not valid JSON");
  }
};

export const parseBody = <T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> => {
  assertSafe(raw, unprocessable);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw unprocessable(issueMessages(parsed.error, raw));
  return parsed.data;
};
