import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { defineEndpoint } from "@/lib/contracts/define";
import { callRoute } from "@/testing/call-route";
import { seedAccount, seedGroup, seedKey } from "@/testing/seed";
import { apiRoute, ok } from "./route";

afterAll(() => db.$disconnect());

const echo = apiRoute(
  defineEndpoint({
    operationId: "echo",
    method: "POST",
    path: "/api/echo/{id}",
    tag: "test",
    summary: "echo",
    auth: "apiKey",
    params: z.object({ id: z.string().regex(/^grp_/) }),
    query: z.object({ profile_id: z.string(), n: z.coerce.number().int().optional() }),
    body: z.object({ name: z.string(), nested: z.object({ count: z.int() }).optional() }),
    responses: {},
  }),
  async ({ params, query, body, principal }) => ok({ params, query, body, account: principal.accountId }),
);

const boom = apiRoute(
  defineEndpoint({
    operationId: "boom",
    method: "GET",
    path: "/api/boom",
    tag: "t",
    summary: "b",
    auth: "none",
    responses: {},
  }),
  async () => {
    throw new Error("secret internals at /srv/app.ts:12");
  },
);

const tenant = async () => {
  const account = await seedAccount();
  return { account, token: (await seedKey({ accountId: account.id })).token };
};

const call = (init: Partial<Parameters<typeof callRoute>[1]>) =>
  callRoute(echo, { params: { id: "grp_1" }, path: "/api/echo/grp_1?profile_id=p", ...init });

describe("apiRoute", () => {
  it("parses params, query and body, drops unknown fields and sets X-Request-Id", async () => {
    const { account, token } = await tenant();
    const res = await call({
      token,
      path: "/api/echo/grp_1?profile_id=p&n=3&extra=1",
      body: { name: "a", unknown: true },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      params: { id: "grp_1" },
      query: { profile_id: "p", n: 3 },
      body: { name: "a" },
      account: account.id,
    });
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("answers 401 without a key, with an unknown key and with a malformed header", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: "Bearer sk_live_nope_nope_nope_nope" },
      { authorization: "Basic abc" },
    ];
    for (const headers of attempts) {
      const res = await call({ headers, body: { name: "a" } });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ error: "Invalid API key" });
    }
  });

  it("answers malformed JSON with 400 and wrong types with 422 naming the field", async () => {
    const { token } = await tenant();
    const malformed = await call({ token, rawBody: '{"name": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ status: 400, error: "Bad Request" });

    const wrong = await call({ token, body: { name: 5, nested: { count: "x" } } });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors).toEqual([expect.stringMatching(/^name: /), expect.stringMatching(/^nested\.count: /)]);
    expect(wrong.json.error).toContain("name");

    const missing = await call({ token, body: {} });
    expect(missing.json.errors).toEqual(["name is required"]);
  });

  it("answers a missing required query parameter in the spec's 400 shape", async () => {
    const { token } = await tenant();
    const res = await call({ token, path: "/api/echo/grp_1", body: { name: "a" } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      status: 400,
      error: "Bad Request",
      message: "param is missing or the value is empty: profile_id",
    });
  });

  it("answers a malformed path id with 404", async () => {
    const { token } = await tenant();
    const res = await call({ token, params: { id: "nope" }, body: { name: "a" } });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: "Not found" });
  });

  it("never leaks internals on 500", async () => {
    const res = await callRoute(boom, { path: "/api/boom" });
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ error: "Internal server error" });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("refuses scoped keys and OAuth tokens on account-only endpoints with 422", async () => {
    const account = await seedAccount();
    const group = await seedGroup({ accountId: account.id });
    const { POST } = await import("@/app/api/profile_groups/route");
    for (const kind of ["scoped", "oauth"] as const) {
      const { token } = await seedKey({
        accountId: account.id,
        kind,
        profileGroupId: kind === "scoped" ? group.id : null,
      });
      const res = await callRoute(POST, { path: "/api/profile_groups", token, body: { name: "x" } });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual(["Your API key has no such permission"]);
    }
  });
});
