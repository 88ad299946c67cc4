import { z } from "zod";

// What no request may carry, whatever the endpoint (isomorphic: the API edge and the admin forms).
// - NUL characters: PostgreSQL text and jsonb cannot store U+0000 (22021, 22P05).
// - Unpaired UTF-16 surrogates (`"\ud800"` in JSON): not text, and jsonb refuses their escapes.
// - Keys that reach an object's prototype when assigned: `__proto__`, `constructor`, `prototype`.
// - Nesting deeper than any of our shapes needs (a 100,000-deep array would exhaust the stack of every
//   recursive walk after this one).
// apiRoute runs `ZSafeInput` over every query and body before the endpoint's own schema, so each
// problem is a 422 (body) or 400 (query) naming its field, never a database error.

export const UNSAFE_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);
export const MAX_INPUT_DEPTH = 32;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const textProblem = (value: string): string | null => {
  if (value.includes("\u0000")) return "must not contain NUL characters (\\u0000)";
  if (LONE_SURROGATE.test(value)) return "must be valid Unicode text (unpaired surrogate)";
  return null;
};

export const isUnsafeKey = (key: string): boolean => UNSAFE_KEYS.has(key);

type Problem = { path: PropertyKey[]; message: string };

// The first problem in a parsed JSON/form/query value, found without recursion.
export const findInputProblem = (input: unknown): Problem | null => {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      const message = textProblem(value);
      if (message) return { path, message };
      continue;
    }
    if (value === null || typeof value !== "object" || (typeof Blob !== "undefined" && value instanceof Blob)) continue;
    if (path.length >= MAX_INPUT_DEPTH)
      return { path, message: `is nested too deeply (more than ${MAX_INPUT_DEPTH} levels)` };
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
      continue;
    }
    const keys = Object.keys(value);
    for (const key of keys) {
      if (isUnsafeKey(key)) return { path: [...path, key], message: "is not an allowed field name" };
      const keyProblem = textProblem(key);
      if (keyProblem) return { path, message: `has a field name that ${keyProblem}` };
    }
    for (let i = keys.length - 1; i >= 0; i--)
      stack.push({ value: (value as Record<string, unknown>)[keys[i]!], path: [...path, keys[i]!] });
  }
  return null;
};

export const ZSafeInput = z.unknown().superRefine((value, ctx) => {
  const problem = findInputProblem(value);
  if (problem) ctx.addIssue({ code: "custom", path: problem.path, message: problem.message, input: value });
});

// Text a network hands us, made storable rather than refused (a network retries a refused delivery):
// NUL characters removed, unpaired surrogates replaced by U+FFFD.
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");
export const storableText = (value: string): string =>
  value.replaceAll("\u0000", "").replace(LONE_SURROGATES, "\ufffd");

// `storableText` over every string (and key) of plain objects and arrays; other values (dates) as they are.
export const storableValue = <T>(value: T): T => {
  if (typeof value === "string") return storableText(value) as T;
  if (Array.isArray(value)) return value.map(storableValue) as T;
  if (value === null || typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [storableText(key), storableValue(inner)]),
  ) as T;
};
