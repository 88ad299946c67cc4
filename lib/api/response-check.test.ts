import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "@/lib/contracts/define";
import { callRoute } from "@/testing/call-route";
import { apiRoute, ok } from "./route";

// The response half of a contract: a route's success body is typed by, and checked against, the
// schema its contract documents (the one /api/openapi.json is generated from).

const ZThing = z.object({ id: z.string(), name: z.string(), count: z.number().int() });

const thingEndpoint = defineEndpoint({
  operationId: "getThing",
  method: "GET",
  path: "/api/things/{id}",
  tag: "test",
  summary: "a thing",
  auth: "none",
  responses: { 200: { description: "The thing", schema: ZThing } },
});

// A serializer as a route would use it; `stored` stands for a row or a JSON column read at run time.
const renderThing = (stored: Record<string, unknown>) => stored as z.input<typeof ZThing>;

const routeAnswering = (stored: Record<string, unknown>) =>
  apiRoute(thingEndpoint, async () => ok(renderThing(stored)));

const get = (route: ReturnType<typeof routeAnswering>) => callRoute(route, { path: "/api/things/t_1" });

const previousMode = process.env.API_RESPONSE_CHECK;
afterEach(() => {
  if (previousMode === undefined) delete process.env.API_RESPONSE_CHECK;
  else process.env.API_RESPONSE_CHECK = previousMode;
});

describe("response contract", () => {
  it("a body that matches the response schema is sent unchanged, extra fields included", async () => {
    const res = await get(routeAnswering({ id: "t_1", name: "a", count: 2, extra: true }));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: "t_1", name: "a", count: 2, extra: true });
  });

  it("a body missing a required field of the response schema is a 500, not a partial resource", async () => {
    const res = await get(routeAnswering({ id: "t_1", name: "a" }));
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ error: "Internal server error" });
  });

  it("a field of the wrong type is a 500 too", async () => {
    const res = await get(routeAnswering({ id: "t_1", name: "a", count: "2" }));
    expect(res.status).toBe(500);
  });

  it("in log mode a mismatching body is sent as it is (production default)", async () => {
    process.env.API_RESPONSE_CHECK = "log";
    const res = await get(routeAnswering({ id: "t_1", name: "a" }));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: "t_1", name: "a" });
  });

  it("a handler whose body does not have the schema's type fails the type check", () => {
    // `npm run typecheck` fails if these lines stop being type errors (an unused @ts-expect-error is one).
    // @ts-expect-error count is missing
    apiRoute(thingEndpoint, async () => ok({ id: "t_1", name: "a" }));
    // @ts-expect-error the contract documents 200, not 201
    apiRoute(thingEndpoint, async () => ({ status: 201 as const, body: { id: "t_1", name: "a", count: 1 } }));
    expect(apiRoute(thingEndpoint, async () => ok({ id: "t_1", name: "a", count: 1 })).endpoint).toBe(thingEndpoint);
  });
});
