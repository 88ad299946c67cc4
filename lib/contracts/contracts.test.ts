import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApi } from "@/lib/api/openapi";
import type { RouteHandler } from "@/lib/api/route";
import { ENDPOINTS } from "./index";

const API_DIR = path.resolve(import.meta.dirname, "../../app/api");
// Route files that are not part of the API contract: next-auth's own handler, the Inngest endpoint
// and the JSON 404 fallback.
const NOT_CONTRACTS = new Set(["auth/[...nextauth]", "inngest", "[...path]"]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

const routeFiles = (dir: string, prefix = ""): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return routeFiles(path.join(dir, entry.name), rel);
    return entry.name === "route.ts" ? [prefix] : [];
  });

const toTemplate = (folder: string) => `/api/${folder}`.replace(/\[(\w+)\]/g, "{$1}");

describe("endpoint contracts", () => {
  it("every API route is built from a registered contract whose path matches its folder", async () => {
    const served: string[] = [];
    for (const folder of routeFiles(API_DIR).filter((f) => !NOT_CONTRACTS.has(f))) {
      const mod = (await import(path.join(API_DIR, folder, "route.ts"))) as Partial<Record<string, RouteHandler>>;
      for (const method of METHODS) {
        const handler = mod[method];
        if (!handler) continue;
        expect(handler.endpoint, `${method} ${folder} must use apiRoute()`).toBeDefined();
        expect(ENDPOINTS, `${method} ${folder} contract must be listed in lib/contracts/index.ts`).toContain(
          handler.endpoint,
        );
        expect(`${handler.endpoint.method} ${handler.endpoint.path}`).toBe(`${method} ${toTemplate(folder)}`);
        served.push(handler.endpoint.operationId);
      }
    }
    expect(served.sort()).toEqual(ENDPOINTS.map((e) => e.operationId).sort());
  });

  it("the OpenAPI document lists every contract with its schemas", () => {
    const doc = buildOpenApi({ endpoints: ENDPOINTS });
    const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops) as { operationId: string }[]);
    expect(operations.map((o) => o.operationId).sort()).toEqual(ENDPOINTS.map((e) => e.operationId).sort());
    expect(new Set(ENDPOINTS.map((e) => e.operationId)).size).toBe(ENDPOINTS.length);

    const createKey = doc.paths["/api/api_keys"]!.post as {
      parameters: { name: string }[];
      requestBody: { content: { "application/json": { schema: { properties: Record<string, unknown> } } } };
      responses: Record<string, unknown>;
    };
    expect(createKey.parameters.map((p) => p.name)).toContain("Idempotency-Key");
    expect(Object.keys(createKey.requestBody.content["application/json"].schema.properties)).toEqual([
      "profile_group_id",
      "name",
    ]);
    expect(Object.keys(createKey.responses)).toEqual(expect.arrayContaining(["201", "401", "422"]));
    for (const name of ["ApiKey", "ProfileGroup", "Error", "ValidationError", "BadRequest", "Deleted"]) {
      const schema = doc.components.schemas[name] as { $ref?: string; type?: string };
      expect(schema?.type, `${name} must be defined, not a reference to itself`).toBe("object");
    }
  });

  it("every endpoint documents exactly one success response with the schema its body is typed and checked by", () => {
    // The OpenAPI document describes itself without a schema.
    const unchecked = ENDPOINTS.filter((e) => e.operationId !== "getOpenApi").flatMap((e) => {
      const success = Object.entries(e.responses).filter(([status]) => Number(status) < 300);
      return success.length === 1 && success[0]![1].schema ? [] : [e.operationId];
    });
    expect(unchecked).toEqual([]);
  });
});
