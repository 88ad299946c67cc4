// The jobs seam, proved on the import graph: sending an event (lib/jobs/send.ts) reaches neither inngest/
// (the functions, the local runner, the relay) nor anything that imports send.ts back. The runner and the
// relay depend on lib/jobs, never the other way round (lib/jobs/dispatchers.ts is where they meet).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript6"; // the JavaScript API (typescript 7 has none; see eslint/typescript-for-parser.cjs)
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** A project module named by `specifier` from `from`, or null for a package or a Node builtin. */
const resolveImport = (specifier: string, from: string): string | null => {
  const base = specifier.startsWith("@/")
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  throw new Error(`${path.relative(root, from)}: cannot resolve "${specifier}"`);
};

/** The project modules `file` imports: static, type-only, re-exports and import() alike. */
const importsOf = (file: string): string[] =>
  ts
    .preProcessFile(readFileSync(file, "utf8"), true, true)
    .importedFiles.map((ref) => resolveImport(ref.fileName, file))
    .filter((f): f is string => f !== null);

/** Every project module reachable from `entry`, as paths relative to the repository root. */
const reachableFrom = (entry: string): Set<string> => {
  const seen = new Set<string>();
  const queue = [path.join(root, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    const rel = path.relative(root, file);
    if (seen.has(rel)) continue;
    seen.add(rel);
    // Prisma's generated client is one package in all but location: its inside is not the app's graph.
    if (rel.startsWith("lib/generated/")) continue;
    queue.push(...importsOf(file));
  }
  seen.delete(entry);
  return seen;
};

describe("lib/jobs/send.ts, the jobs seam", () => {
  const reached = reachableFrom("lib/jobs/send.ts");

  it("reaches nothing under inngest/ (no runner, relay or function)", () => {
    expect([...reached].filter((f) => f.startsWith("inngest/"))).toEqual([]);
  });

  it("reaches no service either, so nothing it reaches imports it back (no circle)", () => {
    expect([...reached].filter((f) => f.startsWith("lib/services/"))).toEqual([]);
    const importingSend = [...reached].filter((f) =>
      importsOf(path.join(root, f)).includes(path.join(root, "lib/jobs/send.ts")),
    );
    expect(importingSend).toEqual([]);
  });

  it("reaches a small set (13 files; over 300 before): the outbox, the dispatcher registry, the events, db and env", () => {
    const own = [...reached].filter((f) => !f.startsWith("lib/generated/"));
    expect(own).toEqual(
      expect.arrayContaining(["lib/jobs/outbox.ts", "lib/jobs/dispatchers.ts", "lib/jobs/events.ts"]),
    );
    expect(own.length, own.join("\n")).toBeLessThanOrEqual(20);
  });

  it("the walker sees the edges it must (sanity): the local runner does reach inngest/functions", () => {
    expect(reachableFrom("inngest/local-runner/runner.ts")).toContain("inngest/functions/index.ts");
  });
});
