// The jobs seam, proved on the import graph: sending an event (lib/jobs/send.ts) reaches neither inngest/
// (the functions, the local runner, the relay) nor anything that imports send.ts back. The runner and the
// relay depend on lib/jobs, never the other way round (lib/jobs/dispatchers.ts is where they meet).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, root } from "./import-graph";

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
