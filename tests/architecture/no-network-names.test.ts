import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAst } from "vitest/node";
import { PLATFORMS } from "@/lib/schemas/common";

// Everything about a network lives in lib/networks/<platform>/ and is reached through the registries
// (meta.ts, registry.ts): generic code asks them and never names a network.

const ROOT = path.resolve(import.meta.dirname, "../..");
// lib/networks/sandbox is the generic simulated network: it asks each network's sandbox-profile.ts
// (through lib/networks/sandboxes.ts) and names none.
const GENERIC = ["app", "components", "inngest", "lib", "lib/networks/sandbox"];
const NOT_GENERIC = ["lib/networks", "lib/generated"];

// Files outside lib/networks that may name networks, and why.
const ALLOWED: Record<string, string> = {
  "lib/schemas/common.ts": "PLATFORMS: the one list of network names, which the registries are keyed by",
  "lib/services/listings/listing-test-setup.ts": "test setup of the listing tests: connects a test profile",
  "components/listings/photos.tsx":
    "imports the listing photo categories from the one network with listings (not yet behind a registry)",
};

const names: ReadonlySet<string> = new Set(PLATFORMS);

const sourceFiles = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return NOT_GENERIC.includes(rel) ? [] : sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });

type Finding = { file: string; line: number; text: string };
type AstNode = { type: string; start: number; [key: string]: unknown };

const isNode = (value: unknown): value is AstNode =>
  value !== null && typeof value === "object" && typeof (value as AstNode).type === "string";

const walk = (value: unknown, visit: (node: AstNode) => void): void => {
  if (Array.isArray(value)) for (const item of value) walk(item, visit);
  else if (value !== null && typeof value === "object") {
    if (isNode(value)) visit(value);
    for (const child of Object.values(value)) walk(child, visit);
  }
};

// The text of a string literal (a value, a literal type, a quoted key, a JSX attribute) or of a template
// literal without substitutions; null for anything else.
const stringOf = (node: AstNode): string | null => {
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral" && (node.expressions as unknown[]).length === 0)
    return ((node.quasis as { value: { cooked: string | null } }[])[0]?.value.cooked ?? null) as string | null;
  return null;
};

const keyName = (node: AstNode): string | null => {
  const key = node.key as AstNode | undefined;
  return node.type === "Property" && !node.computed && key?.type === "Identifier" ? (key.name as string) : null;
};

// String literals that are exactly a network's name (comparisons, literal types, keys, JSX props),
// unquoted object keys naming networks (a per-network table), and imports from a network's folder.
const namesIn = (file: string, source: string): Finding[] => {
  const program = parseAst(source, { lang: file.endsWith(".tsx") ? "tsx" : "ts" }, file);
  const found: Finding[] = [];
  const report = (node: AstNode, text: string) =>
    found.push({ file, line: source.slice(0, node.start).split("\n").length, text });
  walk(program, (node) => {
    const text = stringOf(node);
    if (text !== null && names.has(text)) report(node, JSON.stringify(text));
    const from = /^(Import|ExportNamed|ExportAll)Declaration$/.test(node.type) ? (node.source as AstNode | null) : null;
    const path = from ? stringOf(from) : null;
    if (path !== null && path.split("/").some((segment) => names.has(segment))) report(node, `import ${path}`);
    if (node.type === "ObjectExpression") {
      const keyed = (node.properties as AstNode[]).filter((p) => names.has(keyName(p) ?? ""));
      // One key alone is an ordinary word (a `threads` query key); two network names make a table.
      if (keyed.length > 1) for (const p of keyed) report(p, `${keyName(p)}:`);
    }
  });
  return found;
};

const findingsIn = (files: string[]) =>
  files.flatMap((file) => namesIn(file, readFileSync(path.join(ROOT, file), "utf8")));

describe("generic code and network names", () => {
  it("no file of app, components, inngest, lib outside lib/networks, or lib/networks/sandbox names a network in a string literal or a per-network table", () => {
    const files = GENERIC.flatMap(sourceFiles).filter((file) => !(file in ALLOWED));
    expect(files.length).toBeGreaterThan(100);
    expect(findingsIn(files).map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
  });

  it("a comparison against a network's name counts as naming it", () => {
    expect(namesIn("x.ts", 'if (profile.platform !== "linkedin") run();').map((f) => f.text)).toEqual(['"linkedin"']);
  });

  it("a file of the sandbox that names a network is found", () => {
    expect(GENERIC.flatMap(sourceFiles)).toContain("lib/networks/sandbox/stats.ts");
    const reintroduced = 'const KEYS = { facebook: 1, instagram: 2 };\nif (platform === "telegram") run();';
    expect(namesIn("lib/networks/sandbox/stats.ts", reintroduced).map((f) => f.text)).toEqual([
      "facebook:",
      "instagram:",
      '"telegram"',
    ]);
  });

  it("an import from a network's folder counts as naming it", () => {
    expect(namesIn("x.ts", 'import { MESSAGE_TEMPLATES } from "../whatsapp/setup";').map((f) => f.text)).toEqual([
      "import ../whatsapp/setup",
    ]);
    expect(namesIn("x.ts", 'import { threads } from "./threads-list";').map((f) => f.text)).toEqual([]);
  });

  it("a table keyed by networks counts as naming them", () => {
    expect(namesIn("x.ts", "const LIMITS = { tiktok: 1, twitter: 2 };").map((f) => f.text)).toEqual([
      "tiktok:",
      "twitter:",
    ]);
  });

  it("every allowed exception still exists and still names a network", () => {
    for (const file of Object.keys(ALLOWED)) expect(findingsIn([file]).length, file).toBeGreaterThan(0);
  });
});

// A network's folder states its own facts (its meta.ts) and never reads the tables of all networks
// (lib/networks/platforms.ts, meta.ts, registry.ts): those are built from the folders, not the reverse.
const ALL_NETWORK_TABLES = /from\s+"(?:(?:\.\.\/)+|@\/lib\/networks\/)(platforms|meta|registry)"/g;

const allNetworkImports = (file: string, source: string) =>
  [...source.matchAll(ALL_NETWORK_TABLES)].map((m) => `${file} imports ${m[1]}`);

describe("network folders and the all-network tables", () => {
  it("no file of a network's folder imports the table of all networks", () => {
    const files = PLATFORMS.flatMap((platform) => sourceFiles(`lib/networks/${platform}`));
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => allNetworkImports(file, readFileSync(path.join(ROOT, file), "utf8")));
    expect(found).toEqual([]);
  });

  it("an import of the display table from a connector counts", () => {
    expect(allNetworkImports("x.ts", 'import { DISPLAY_NAMES } from "../platforms";')).toEqual([
      "x.ts imports platforms",
    ]);
    expect(allNetworkImports("x.ts", 'import { networkMeta } from "@/lib/networks/meta";')).toEqual([
      "x.ts imports meta",
    ]);
    expect(allNetworkImports("x.ts", 'import { capabilities } from "../meta-types";')).toEqual([]);
  });
});
