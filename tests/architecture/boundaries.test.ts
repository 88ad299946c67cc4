// The layer boundaries of eslint.config.mjs, proved on small sources linted as if they lived at a given path
// (ESLint's Node API with the project's own configuration).
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` at `file` (relative to the repository root). */
const violations = async (file: string, code: string): Promise<(string | null)[]> => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.ruleId);
};

const usesPrisma = 'import { db } from "@/lib/db/client";\nexport const count = () => db.post.count();\n';
const usesGenerated = 'import { Prisma } from "@/lib/generated/prisma/client";\nexport const p = Prisma;\n';
const usesFake = 'import { startGraphFake } from "@/testing/fakes/graph";\nexport const start = startGraphFake;\n';
const readsEnv = "export const url = process.env.DATABASE_URL;\n";

describe("Prisma only in services (and db, jobs, the local runner)", () => {
  it("refuses the Prisma client in a component", async () => {
    expect(await violations("components/posts/widget.tsx", usesPrisma)).toEqual(["no-restricted-imports"]);
  });

  it("refuses the Prisma client in an Inngest function", async () => {
    expect(await violations("inngest/functions/widget.ts", usesPrisma)).toEqual(["no-restricted-imports"]);
  });

  it("refuses the Prisma client in every Inngest function, publish-posts.ts too (no exemption left)", async () => {
    expect(await violations("inngest/functions/publish-posts.ts", usesPrisma)).toEqual(["no-restricted-imports"]);
  });

  it("refuses the generated Prisma module in a route", async () => {
    expect(await violations("app/api/widgets/route.ts", usesGenerated)).toEqual(["no-restricted-imports"]);
  });

  it("allows the Prisma client in a service", async () => {
    expect(await violations("lib/services/widgets/count.ts", usesPrisma)).toEqual([]);
  });

  it("allows a type-only import of Prisma's row types in lib code outside services", async () => {
    const code = 'import type { Post } from "@/lib/db/client";\nexport const id = (p: Post) => p.id;\n';
    expect(await violations("lib/serializers/widget.ts", code)).toEqual([]);
  });

  it("refuses even a type-only Prisma import in a component", async () => {
    const code = 'import type { Post } from "@/lib/db/client";\nexport const id = (p: Post) => p.id;\n';
    expect(await violations("components/posts/widget.tsx", code)).toEqual(["no-restricted-imports"]);
  });
});

describe("lib/ never imports inngest/", () => {
  const usesFunctions = 'import { functions } from "@/inngest/functions";\nexport const all = functions;\n';

  it("refuses @/inngest in a service", async () => {
    expect(await violations("lib/services/widgets/send.ts", usesFunctions)).toEqual(["no-restricted-imports"]);
  });

  it("refuses @/inngest in lib/jobs, a Prisma user", async () => {
    const code =
      'import { dispatchLocalOutbox } from "@/inngest/local-runner/outbox";\nexport const d = dispatchLocalOutbox;\n';
    expect(await violations("lib/jobs/widget.ts", code)).toEqual(["no-restricted-imports"]);
  });

  it("refuses a relative path into inngest/ from lib", async () => {
    const code = 'import { inngest } from "../../inngest/client";\nexport const client = inngest;\n';
    expect(await violations("lib/networks/widget/jobs.ts", code)).toEqual(["no-restricted-imports"]);
  });

  it("still refuses Prisma outside services in lib (the patterns are combined, not replaced)", async () => {
    expect(await violations("lib/api/widget.ts", usesPrisma)).toEqual(["no-restricted-imports"]);
  });

  it("allows the npm package inngest, and lib/jobs/events, in lib", async () => {
    const code =
      'import { eventType } from "inngest";\nimport { jobsProbe } from "@/lib/jobs/events";\nexport const e = [eventType, jobsProbe];\n';
    expect(await violations("lib/jobs/widget.ts", code)).toEqual([]);
  });

  it("allows @/inngest in inngest/, app/ and lib's tests", async () => {
    expect(await violations("inngest/local-runner/widget.ts", usesFunctions)).toEqual([]);
    expect(await violations("app/api/widget/route.ts", usesFunctions)).toEqual([]);
    expect(await violations("lib/services/widgets/send.test.ts", usesFunctions)).toEqual([]);
  });
});

describe("services, networks and jobs never import the HTTP edge (lib/api)", () => {
  const usesEdge = 'import { apiRoute } from "@/lib/api/route";\nexport const r = apiRoute;\n';
  const usesEdgeType = 'import type { RouteHandler } from "@/lib/api/route";\nexport type H = RouteHandler;\n';

  it("refuses @/lib/api/* in a service, a type-only import too", async () => {
    expect(await violations("lib/services/widgets/send.ts", usesEdge)).toEqual(["no-restricted-imports"]);
    expect(await violations("lib/services/widgets/send.ts", usesEdgeType)).toEqual(["no-restricted-imports"]);
  });

  it("refuses it in a network, in lib/jobs and in the outbox (a Prisma user), and by a relative path", async () => {
    expect(await violations("lib/networks/widget/connector.ts", usesEdge)).toEqual(["no-restricted-imports"]);
    expect(await violations("lib/jobs/widget.ts", usesEdge)).toEqual(["no-restricted-imports"]);
    expect(await violations("lib/jobs/outbox.ts", usesEdge)).toEqual(["no-restricted-imports"]);
    const relative = 'import { ok } from "../../api/route";\nexport const r = ok;\n';
    expect(await violations("lib/services/widgets/send.ts", relative)).toEqual(["no-restricted-imports"]);
  });

  it("keeps the other patterns in force there (inngest/, test code, Prisma outside services)", async () => {
    const usesFunctions = 'import { functions } from "@/inngest/functions";\nexport const all = functions;\n';
    const usesSeed = 'import { seedAccount } from "@/testing/seed";\nexport const seed = seedAccount;\n';
    expect(await violations("lib/services/widgets/send.ts", usesFunctions)).toEqual(["no-restricted-imports"]);
    expect(await violations("lib/services/widgets/send.ts", usesSeed)).toEqual(["no-restricted-imports"]);
    expect(await violations("lib/networks/widget/connector.ts", usesFunctions)).toEqual(["no-restricted-imports"]);
    expect(await violations("lib/networks/widget/connector.ts", usesPrisma)).toEqual(["no-restricted-imports"]);
    expect(await violations("lib/jobs/widget.ts", usesFake)).toEqual(["no-restricted-imports"]);
  });

  it("allows lib/errors, lib/serializers and lib/pagination in a service", async () => {
    const code =
      'import { notFound } from "@/lib/errors";\nimport { pageWindow } from "@/lib/pagination";\nimport { serializeMessage } from "@/lib/serializers/message";\nexport const x = [notFound, pageWindow, serializeMessage];\n';
    expect(await violations("lib/services/widgets/list.ts", code)).toEqual([]);
  });

  it("allows lib/api in a route, in lib/api itself and in a service's test", async () => {
    expect(await violations("app/api/widgets/route.ts", usesEdge)).toEqual([]);
    expect(await violations("lib/api/widget.ts", usesEdge)).toEqual([]);
    expect(await violations("lib/services/widgets/send.test.ts", usesEdge)).toEqual([]);
  });
});

describe("no test code in production code", () => {
  it("refuses an import from testing/fakes in lib", async () => {
    expect(await violations("lib/networks/widget/connector.ts", usesFake)).toEqual(["no-restricted-imports"]);
  });

  it("refuses a relative import from testing/ in lib", async () => {
    const code =
      'import { startGraphFake } from "../../../testing/fakes/graph";\nexport const start = startGraphFake;\n';
    expect(await violations("lib/networks/widget/connector.ts", code)).toEqual(["no-restricted-imports"]);
  });

  it("refuses an import from testing/ in a service", async () => {
    const code = 'import { seedAccount } from "@/testing/seed";\nexport const seed = seedAccount;\n';
    expect(await violations("lib/services/widgets/seed.ts", code)).toEqual(["no-restricted-imports"]);
  });

  it("refuses an import from e2e/ in a component", async () => {
    const code = 'import { startServer } from "@/e2e/support/start-server";\nexport const start = startServer;\n';
    expect(await violations("components/widgets/widget.tsx", code)).toEqual(["no-restricted-imports"]);
  });

  it("refuses an import from testing/ in a script that ships (npm start)", async () => {
    expect(await violations("scripts/start.ts", usesFake)).toEqual(["no-restricted-imports"]);
  });

  it("allows an import from testing/ in the soak campaign script", async () => {
    expect(await violations("scripts/soak.ts", usesFake)).toEqual([]);
  });

  it("allows an import from testing/ in a test file, a Playwright spec and testing/ itself", async () => {
    expect(await violations("lib/networks/widget/connector.test.ts", usesFake)).toEqual([]);
    expect(await violations("e2e/api/widgets.spec.ts", usesFake)).toEqual([]);
    expect(await violations("testing/widgets.ts", usesFake)).toEqual([]);
  });
});

// Test code has one home per kind: shared test infrastructure (helpers, seeds, network fakes) in testing/,
// the Playwright suite (specs and their server support) in e2e/, cross-cutting tests in tests/.
describe("where test code lives", () => {
  const filesUnder = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesUnder(path.posix.join(dir, entry.name)) : [path.posix.join(dir, entry.name)],
    );

  it("e2e/ holds only Playwright specs and their support", () => {
    const other = filesUnder("e2e").filter((f) => !f.endsWith(".spec.ts") && !f.startsWith("e2e/support/"));
    expect(other).toEqual([]);
  });

  it("the network fakes and the shared helpers are in testing/, not in e2e/ or lib/", () => {
    expect(filesUnder("testing/fakes").length).toBeGreaterThan(10);
    expect(existsSync(path.join(root, "e2e/fakes"))).toBe(false);
    expect(existsSync(path.join(root, "lib/testing"))).toBe(false);
  });
});

describe("process.env only in lib/env.ts", () => {
  it("refuses process.env in a service", async () => {
    expect(await violations("lib/services/widgets/config.ts", readsEnv)).toEqual(["no-restricted-syntax"]);
  });

  it("refuses process.env in a component", async () => {
    expect(await violations("components/widget.tsx", readsEnv)).toEqual(["no-restricted-syntax"]);
  });

  it("allows process.env in lib/env.ts", async () => {
    expect(await violations("lib/env.ts", readsEnv)).toEqual([]);
  });

  it("allows process.env in a script", async () => {
    expect(await violations("scripts/widget.ts", readsEnv)).toEqual([]);
  });
});

describe('no server-only imports in "use client" modules', () => {
  const client = (line: string) => `"use client";\n${line}\nexport const Widget = () => fn;\n`;

  it('refuses a service import in a "use client" component', async () => {
    const code = client('import { createPost as fn } from "@/lib/services/posts/create-post";');
    expect(await violations("components/posts/widget.tsx", code)).toEqual(["local/no-server-imports-in-client"]);
  });

  it('refuses lib/env in a "use client" component', async () => {
    const code = client('import { env as fn } from "@/lib/env";');
    expect(await violations("components/posts/widget.tsx", code)).toEqual(["local/no-server-imports-in-client"]);
  });

  it('allows a type-only service import in a "use client" component', async () => {
    const code = '"use client";\nimport type { Post } from "@/lib/services/posts/read-posts";\nexport type P = Post;\n';
    expect(await violations("components/posts/widget.tsx", code)).toEqual([]);
  });

  it("allows a service import in a server component", async () => {
    const code =
      'import { createPost as fn } from "@/lib/services/posts/create-post";\nexport const Widget = () => fn;\n';
    expect(await violations("components/posts/widget.tsx", code)).toEqual([]);
  });
});
