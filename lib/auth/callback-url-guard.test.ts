import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { appUrl } from "@/lib/env";
import { guardCallbackUrl } from "./callback-url-guard";

// Finding 7 of the authentication review: next-auth answered 500 to a `callbackUrl` that is not a URL
// (its configuration check runs before any callback). Such a request is now redirected with the value
// made safe, and never reaches next-auth.
describe("callbackUrl guard of /api/auth/*", () => {
  let reached = 0;
  const route = guardCallbackUrl(async () => {
    reached++;
    return new Response("next-auth");
  });
  const call = (path: string, cookie?: string) =>
    route(new NextRequest(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }), {});

  it("passes paths and http(s) URLs on to next-auth", async () => {
    for (const url of ["/posts", "http://localhost/inbox", "https://evil.example/"]) {
      expect((await call(`/api/auth/signin?callbackUrl=${encodeURIComponent(url)}`)).status).toBe(200);
    }
    expect((await call("/api/auth/signin", "next-auth.callback-url=%2Fposts")).status).toBe(200);
    expect(reached).toBe(4);
  });

  it("redirects a callbackUrl that is not a URL to the same address with the app's root instead", async () => {
    reached = 0;
    for (const url of ["http://[", "javascript:alert(1)", "not a url"]) {
      const res = await call(`/api/auth/signin?x=1&callbackUrl=${encodeURIComponent(url)}`);
      expect(res.status, url).toBe(302);
      const location = new URL(res.headers.get("location")!, "http://localhost");
      expect(location.pathname).toBe("/api/auth/signin");
      expect(location.searchParams.get("x")).toBe("1");
      expect(location.searchParams.get("callbackUrl"), url).toMatch(new RegExp(`^${new URL(appUrl()).origin}/`));
    }
    const cookie = await call("/api/auth/session", "next-auth.callback-url=http%3A%2F%2F%5B");
    expect(cookie.status).toBe(302);
    expect(cookie.headers.get("location")).toBe("/api/auth/session");
    expect(cookie.headers.get("set-cookie")).toMatch(/^next-auth\.callback-url=; Path=\/; Max-Age=0/);
    expect(reached).toBe(0);
  });
});
