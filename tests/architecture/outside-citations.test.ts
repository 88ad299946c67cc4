// Comments cite the repository's own API reference (lib/contracts, served at /docs and /api/openapi.json)
// and code, never documents that are not in the repository.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const PRODUCTION = ["app", "components", "lib", "inngest", "scripts", "proxy.ts", "instrumentation.ts"];
const SKIPPED = new Set(["lib/generated", "node_modules"]);
const OUTSIDE = /\.\.\/shared|client-compat|core-api|networks-and-messaging|networks\.md/;

const sources = (entry: string): string[] => {
  const full = path.join(root, entry);
  if (/\.(ts|tsx|mjs)$/.test(entry)) return [entry];
  let names: string[];
  try {
    names = readdirSync(full);
  } catch {
    return [];
  }
  return names.flatMap((name) => (SKIPPED.has(`${entry}/${name}`) ? [] : sources(`${entry}/${name}`)));
};

const citesOutside = (file: string) => OUTSIDE.test(readFileSync(path.join(root, file), "utf8"));

const allowed = readFileSync(path.join(import.meta.dirname, "outside-citations.allow.txt"), "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));

describe("comments cite the repository, not outside documents", () => {
  it("recognises citations of ../shared, client-compat, core-api.md, networks-and-messaging and networks.md", () => {
    const samples = [
      "// see ../shared/spec",
      "// (client-compat 6.4)",
      '// core-api.md "Queue"',
      '// networks-and-messaging "Events"',
      '// networks.md "tiktok"',
    ];
    expect(samples.filter((s) => !OUTSIDE.test(s))).toEqual([]);
  });

  it("no production source outside the allow-list cites an outside document", () => {
    const offenders = PRODUCTION.flatMap(sources).filter((f) => !allowed.includes(f) && citesOutside(f));
    expect(offenders).toEqual([]);
  });

  it("every allow-listed file still cites one (the list only shrinks)", () => {
    expect(allowed.filter((f) => !citesOutside(f))).toEqual([]);
  });
});
