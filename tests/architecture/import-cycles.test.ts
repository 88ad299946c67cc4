// No circle between folders: the production import graph (app, components, lib, inngest, scripts and the
// root modules; tests, test helpers, testing/, e2e and bench left out), collapsed to the folders of
// CONTRIBUTING.md's layers, has no cycle. One folder may depend on another, never both ways round, so a
// layer can be read (and changed) knowing only what is below it.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, root, sourceFiles } from "./import-graph";

// Test code, in every folder (the names of eslint.config.mjs TEST_FILES), and generated code.
const isTestOrGenerated = (rel: string) =>
  /\.test\.tsx?$/.test(rel) ||
  /(^|\/)test-[^/]*\.ts$/.test(rel) ||
  /-test-[^/]*\.ts$/.test(rel) ||
  /(^|\/)testing(\/|$)/.test(rel) ||
  rel.startsWith("lib/generated") ||
  /(^|\/)(node_modules|\.next)(\/|$)/.test(rel);

// The folder a production file belongs to (the rows of CONTRIBUTING.md's layer table, finer where a layer
// has parts): one per service domain (lib/services/<domain>), per network (lib/networks/<platform>; each
// shared file of lib/networks, such as registry.ts or types.ts, is its own), per top-level folder of lib
// (lib/api, lib/jobs, lib/db, lib/serializers, ...; a top-level file such as lib/errors.ts or lib/env.ts is
// its own), per app area (app/api, app/(admin), app/inbound, ...) and per components folder. inngest/ (its
// functions, the runner and the relay, which start one another) and scripts/ are one folder each.
export const folderOf = (rel: string): string => {
  const parts = rel.split("/");
  const depth = (n: number) => (parts.length > n ? parts.slice(0, n).join("/") : rel.replace(/\.tsx?$/, ""));
  if (rel.startsWith("lib/services/") || rel.startsWith("lib/networks/")) return depth(3);
  if (rel.startsWith("lib/") || rel.startsWith("app/") || rel.startsWith("components/")) return depth(2);
  if (rel.startsWith("scripts/") || rel.startsWith("inngest/")) return parts[0]!;
  return rel.replace(/\.tsx?$/, "");
};

export type Graph = Map<string, Set<string>>;

/** The strongly connected components of more than one node (Tarjan), each as a sorted list. */
export const circles = (graph: Graph): string[][] => {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
};

/** One cycle through `from` inside its component, as "a -> b -> ... -> a" (breadth first: the shortest). */
export const cycleThrough = (graph: Graph, from: string): string => {
  const previous = new Map<string, string>();
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (next === from) {
        const path = [node];
        while (path[0] !== from) path.unshift(previous.get(path[0]!)!);
        return [...path, from].join(" -> ");
      }
      if (!previous.has(next) && next !== from) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return from;
};

// Edges between folders known to close a circle, each with its reason. Empty is the goal; an entry is a
// debt, named so it cannot grow unnoticed (and the test below fails once the edge is gone).
//
// Each network's sandbox profile (lib/networks/<platform>/sandbox-profile.ts, and the sandbox/ parts of
// facebook, google_business and linkedin) is built on the sandbox's kit, which lives in the folder of the
// sandbox engine (lib/networks/sandbox), while the engine reads the profiles through
// lib/networks/sandboxes.ts: a circle of folders, not of files. The fix is to move the kit (profile.ts,
// simulated.ts, management/wire.ts) into a folder of its own that imports nothing of the engine.
const SANDBOX_KIT =
  "a network's sandbox profile (lib/networks/<platform>/sandbox-profile.ts) uses the kit of lib/networks/sandbox " +
  "(profile.ts, simulated.ts, management/wire.ts), whose engine asks the registry of profiles " +
  "(lib/networks/sandboxes.ts): the kit is to leave the engine's folder";
const ALLOWED: Record<string, string> = {
  "lib/networks/sandboxes -> lib/networks/sandbox": SANDBOX_KIT,
  "lib/networks/bluesky -> lib/networks/sandbox": SANDBOX_KIT,
  "lib/networks/facebook -> lib/networks/sandbox": SANDBOX_KIT,
  "lib/networks/google_business -> lib/networks/sandbox": SANDBOX_KIT,
  "lib/networks/instagram -> lib/networks/sandbox": SANDBOX_KIT,
  "lib/networks/linkedin -> lib/networks/sandbox": SANDBOX_KIT,
  "lib/networks/pinterest -> lib/networks/sandbox": SANDBOX_KIT,
  "lib/networks/telegram -> lib/networks/sandbox": SANDBOX_KIT,
  "lib/networks/threads -> lib/networks/sandbox": SANDBOX_KIT,
  "lib/networks/tiktok -> lib/networks/sandbox": SANDBOX_KIT,
  "lib/networks/twitter -> lib/networks/sandbox": SANDBOX_KIT,
  "lib/networks/whatsapp -> lib/networks/sandbox": SANDBOX_KIT,
  "lib/networks/youtube -> lib/networks/sandbox": SANDBOX_KIT,
};

const PRODUCTION_DIRS = ["app", "components", "lib", "inngest", "scripts"];
const ROOT_MODULES = ["instrumentation.ts", "proxy.ts"];

/** The folder graph of the production files without the ALLOWED edges, with the file-level edge behind
 * each folder edge (`witness`, every edge allowed or not). */
const productionGraph = () => {
  const files = [...PRODUCTION_DIRS.flatMap((dir) => sourceFiles(dir, isTestOrGenerated)), ...ROOT_MODULES];
  const graph: Graph = new Map();
  const witness = new Map<string, string>();
  for (const file of files) {
    const from = folderOf(file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const target of importsOf(path.join(root, file))) {
      const rel = path.relative(root, target);
      const to = folderOf(rel);
      if (isTestOrGenerated(rel) || to === from) continue;
      if (!witness.has(`${from} -> ${to}`)) witness.set(`${from} -> ${to}`, `${file} imports ${rel}`);
      if (!ALLOWED[`${from} -> ${to}`]) graph.get(from)!.add(to);
    }
  }
  return { graph, witness };
};

describe("the folder import graph", () => {
  const { graph, witness } = productionGraph();

  it("has no cycle between folders", () => {
    const report = circles(graph).map((component) => {
      const cycle = cycleThrough(graph, component[0]!);
      const steps = cycle.split(" -> ");
      const why = steps.slice(1).map((to, i) => `  ${witness.get(`${steps[i]} -> ${to}`)}`);
      return [`${cycle}`, ...why, `  (all of: ${component.join(", ")})`].join("\n");
    });
    expect(report, `circles between folders:\n${report.join("\n\n")}`).toEqual([]);
  });

  it("the allowlist names only edges that exist (a removed debt is removed here too)", () => {
    expect(Object.keys(ALLOWED).filter((edge) => !witness.has(edge))).toEqual([]);
  });

  it("reads the graph it must (sanity): routes reach lib/api, lib/api reaches services", () => {
    expect(graph.get("app/api")).toContain("lib/api");
    expect(graph.get("lib/api")).toContain("lib/services/idempotency");
    expect(graph.size).toBeGreaterThan(50);
  });
});

describe("the cycle finder (on small graphs)", () => {
  const graphOf = (edges: [string, string][]): Graph => {
    const graph: Graph = new Map();
    for (const [from, to] of edges) {
      if (!graph.has(from)) graph.set(from, new Set());
      if (!graph.has(to)) graph.set(to, new Set());
      graph.get(from)!.add(to);
    }
    return graph;
  };

  it("finds a circle of three folders and prints it", () => {
    const graph = graphOf([
      ["lib/api", "lib/services/posts"],
      ["lib/services/posts", "lib/serializers"],
      ["lib/serializers", "lib/api"],
      ["app/api", "lib/api"],
    ]);
    expect(circles(graph)).toEqual([["lib/api", "lib/serializers", "lib/services/posts"]]);
    expect(cycleThrough(graph, "lib/api")).toBe("lib/api -> lib/services/posts -> lib/serializers -> lib/api");
  });

  it("finds nothing in a layered graph (a diamond is no circle)", () => {
    const graph = graphOf([
      ["app/api", "lib/api"],
      ["app/api", "lib/services/posts"],
      ["lib/api", "lib/services/posts"],
      ["lib/services/posts", "lib/errors"],
      ["lib/api", "lib/errors"],
    ]);
    expect(circles(graph)).toEqual([]);
  });

  it("collapses files to the folders of the layers", () => {
    expect(folderOf("lib/services/posts/create-post.ts")).toBe("lib/services/posts");
    expect(folderOf("lib/networks/telegram/index.ts")).toBe("lib/networks/telegram");
    expect(folderOf("lib/networks/registry.ts")).toBe("lib/networks/registry");
    expect(folderOf("lib/jobs/events/posts.ts")).toBe("lib/jobs");
    expect(folderOf("lib/errors.ts")).toBe("lib/errors");
    expect(folderOf("inngest/functions/webhooks.ts")).toBe("inngest");
    expect(folderOf("app/api/posts/route.ts")).toBe("app/api");
    expect(folderOf("scripts/start.ts")).toBe("scripts");
    expect(folderOf("instrumentation.ts")).toBe("instrumentation");
  });
});
