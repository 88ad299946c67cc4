import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as profileGroupsRoute from "@/app/api/profile_groups/route";
import { db } from "@/lib/db/client";
import { appUrl, env } from "@/lib/env";
import { parseAllowlist } from "@/lib/net/address-policy";
import { newId } from "@/lib/ids";
import { callRoute } from "@/testing/call-route";
import { applyForwardingPolicy } from "./client-address";
import { seedAccount } from "@/testing/seed";

// Defect 6 of issue 11 (session side): a malformed session cookie is no session (401), and a
// cookie-authenticated write from a foreign or opaque origin (`Origin: null`) is 403, never a 500.

afterAll(() => db.$disconnect());

let session = "";
beforeAll(async () => {
  const account = await seedAccount();
  const user = await db.user.create({
    data: {
      id: newId("user"),
      accountId: account.id,
      email: `staff-${newId("user")}@example.com`,
      passwordHash: "x",
      role: "owner",
    },
  });
  session = await encode({ token: { uid: user.id }, secret: env().NEXTAUTH_SECRET });
});

const call = (method: "GET" | "POST", cookie: string, headers: Record<string, string> = {}) =>
  callRoute(method === "GET" ? profileGroupsRoute.GET : profileGroupsRoute.POST, {
    path: "/api/profile_groups",
    headers: { cookie, host: "localhost", ...headers },
    ...(method === "POST" && { body: { name: "From the admin" } }),
  });

describe("session cookies", () => {
  it("a malformed cookie is no session: 401, not 500", async () => {
    for (const cookie of [
      "next-auth.session-token=%zz",
      "next-auth.session-token=%E0%A4%A",
      "next-auth.session-token=abc.def.ghi",
      "next-auth.session-token.0=%",
      "next-auth.session-token",
    ]) {
      const res = await call("GET", cookie);
      expect(res.status, cookie).toBe(401);
      expect(res.json).toEqual({ error: "Invalid API key" });
    }
  });

  it("a valid session still works, also next to a malformed cookie", async () => {
    expect((await call("GET", `next-auth.session-token=${session}`)).status).toBe(200);
    expect((await call("GET", `other=%zz; next-auth.session-token=${session}`)).status).toBe(200);
  });

  it("refuses cookie-authenticated writes from an opaque or foreign origin with 403", async () => {
    const cookie = `next-auth.session-token=${session}`;
    for (const origin of ["null", "not a url", "https://evil.example", "http://localhost.evil.example"]) {
      const res = await call("POST", cookie, { origin });
      expect(res.status, origin).toBe(403);
      expect(res.json).toEqual({ error: "Cross-site request refused" });
    }
    expect((await call("POST", cookie, { origin: "http://localhost" })).status).toBe(201);
  });

  // Finding 7 of the authentication review: the check compared hosts only (not the scheme) and believed
  // any X-Forwarded-Host. Origins are now compared whole, and forwarding headers come only from
  // TRUSTED_PROXIES (lib/auth/client-address.ts rewrites them in the HTTP server).
  it("compares the scheme and port too, and a forged X-Forwarded-Host does not make a foreign origin ours", async () => {
    const cookie = `next-auth.session-token=${session}`;
    for (const origin of ["https://localhost", "http://localhost:8080"]) {
      expect((await call("POST", cookie, { origin })).status, origin).toBe(403);
    }
    const forged = { host: "localhost", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    applyForwardingPolicy(forged, "203.0.113.5", parseAllowlist(undefined));
    expect((await call("POST", cookie, { ...forged, origin: "https://evil.example" })).status).toBe(403);
    expect((await call("POST", cookie, { ...forged, origin: "http://localhost" })).status).toBe(201);
    // the app's public URL is always its own origin
    expect((await call("POST", cookie, { origin: new URL(appUrl()).origin })).status).toBe(201);
  });
});
