// The project's import graph, read the way the bundler resolves it (tsconfig's `@/` alias and relative
// paths; packages and Node builtins are not project modules). Shared by jobs-seam.test.ts and
// import-cycles.test.ts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript6"; // the JavaScript API (typescript 7 has none; see eslint/typescript-for-parser.cjs)

export const root = path.resolve(import.meta.dirname, "../..");

/** A project module named by `specifier` from `from`, or null for a package, a Node builtin or an asset. */
export const resolveImport = (specifier: string, from: string): string | null => {
  const base = specifier.startsWith("@/")
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  if (/\.(css|json|svg|png)$/.test(base) && existsSync(base)) return null; // an asset, not a module
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  throw new Error(`${path.relative(root, from)}: cannot resolve "${specifier}"`);
};

/** The project modules `file` imports: static, type-only, re-exports and import() alike. */
export const importsOf = (file: string): string[] =>
  ts
    .preProcessFile(readFileSync(file, "utf8"), true, true)
    .importedFiles.map((ref) => resolveImport(ref.fileName, file))
    .filter((f): f is string => f !== null);

/** Every .ts/.tsx file under `dir` (relative to the repository root), `skip` deciding on each path. */
export const sourceFiles = (dir: string, skip: (rel: string) => boolean): string[] => {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = path.posix.join(rel, entry.name);
      if (skip(child)) continue;
      if (entry.isDirectory()) walk(child);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(child);
    }
  };
  walk(dir);
  return out;
};
