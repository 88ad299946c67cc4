import { isUnsafeKey } from "@/lib/schemas/safe-input";
import { unprocessable } from "@/lib/errors";

// Multipart bodies in Rails bracket style (the `multipart` endpoints of lib/contracts): `post[body]`, `profiles[]` (repeated),
// `media[]` (URL text parts and file parts mixed), `platforms[<network>][<key>]`, arrays as
// `platforms[<network>][<key>][]`, `thread[<i>][body]`, `thread[<i>][media][]`. The mcp client sends
// `platforms` and `thread` as single text parts holding JSON. Files stay File objects.
// Field names are the client's choice: the tree is built from objects without a prototype, and a
// `__proto__`, `constructor` or `prototype` segment is refused (422) before anything is assigned.

type Value = string | File;
type Tree = { [key: string]: Tree | Tree[] | Value | Value[] };

const MAX_DEPTH = 6;

const pathOf = (name: string): string[] | null => {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) return null;
  const rest = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!);
  const path = [match[1]!, ...rest];
  if (path.some(isUnsafeKey)) throw unprocessable([`${name}: ${path.find(isUnsafeKey)} is not an allowed field name`]);
  return path.length > MAX_DEPTH ? null : path;
};

const emptyNode = (): Record<string, unknown> => Object.create(null) as Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof File);

const assign = (target: Record<string, unknown>, path: string[], value: Value) => {
  let node = target;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    const next = path[i + 1]!;
    if (next === "") {
      // key[] : append
      const existing = node[key];
      const list = Array.isArray(existing) ? existing : existing === undefined ? [] : [existing];
      if (i + 1 === path.length - 1) {
        list.push(value);
        node[key] = list;
        return;
      }
      node[key] = list; // deeper paths after [] are not supported: keep what we have
      return;
    }
    if (!isObject(node[key])) node[key] = emptyNode();
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  const prev = node[last];
  node[last] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
};

// JSON text parts keep the shape JSON gave them (as in a JSON body), and are not walked here: how deep
// they may nest is ZSafeInput's question, answered with a 422 after parsing (lib/api/parse.ts).
const jsonParts = new WeakSet<object>();

// {"0": a, "1": b} -> [a, b] (thread entries), recursively. Bracket paths are at most MAX_DEPTH deep.
const normalise = (value: unknown): unknown => {
  if (typeof value === "object" && value !== null && jsonParts.has(value)) return value;
  if (Array.isArray(value)) return value.map(normalise);
  if (!isObject(value)) return value;
  const keys = Object.keys(value);
  const out = Object.assign(emptyNode(), Object.fromEntries(keys.map((k) => [k, normalise(value[k])])));
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k)))
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => out[k]);
  return out;
};

const JSON_TEXT_FIELDS = new Set(["platforms", "thread"]);

export const formDataToObject = (form: Iterable<[string, Value]>): Record<string, unknown> => {
  const tree = emptyNode() as Tree;
  for (const [name, value] of form) {
    const path = pathOf(name);
    if (!path) continue;
    if (path.length === 1 && JSON_TEXT_FIELDS.has(path[0]!) && typeof value === "string") {
      try {
        const parsed = JSON.parse(value) as unknown;
        if (typeof parsed === "object" && parsed !== null) jsonParts.add(parsed);
        (tree as Record<string, unknown>)[path[0]!] = parsed;
        continue;
      } catch {
        // not JSON: keep as text, the schema will say what is wrong
      }
    }
    assign(tree as Record<string, unknown>, path, value);
  }
  return normalise(tree) as Record<string, unknown>;
};

// What identifies a body for Idempotency-Key comparison: files by name, size and type.
export const fingerprintable = (value: unknown): unknown => {
  if (value instanceof File) return { file: value.name, size: value.size, type: value.type };
  if (Array.isArray(value)) return value.map(fingerprintable);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fingerprintable(v)]));
  return value;
};
