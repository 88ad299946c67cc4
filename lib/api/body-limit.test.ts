import { createRequire } from "node:module";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "@/lib/contracts";
import { config, proxy } from "@/proxy";
import { PROXIED_BODY_MAX_BYTES } from "./body-limit";

// proxy.ts and request bodies: Next buffers (and cuts) the body of every request the proxy runs on, so
// the proxy refuses declared bodies over the buffer with a 413, and multipart requests to the endpoints
// that take files skip it. The matcher is compiled by Next's own code, as `next build` does.

const require = createRequire(import.meta.url);
const { getMiddlewareMatchers } = require("next/dist/build/analysis/get-page-static-info.js");
const { getMiddlewareRouteMatcher } = require("next/dist/shared/lib/router/utils/middleware-route-matcher.js");
const matches: (path: string, req: unknown, query: unknown) => boolean = getMiddlewareRouteMatcher(
  getMiddlewareMatchers(config.matcher, {}),
);
const proxied = (path: string, contentType?: string) =>
  matches(path, { headers: contentType ? { "content-type": contentType } : {}, cookies: {}, query: {} }, {});

const MULTIPART = "multipart/form-data; boundary=----x";
const ID_PREFIX: Record<string, string> = { posts: "post", profiles: "prof" };
const pathOf = (template: string) =>
  template.replace(/([a-z_]+)\/\{[^}]+\}/g, (_, parent: string) => `${parent}/${ID_PREFIX[parent] ?? "x"}_0a1B2c3D4e`);

describe("proxy.ts and request bodies", () => {
  it("lets multipart uploads to every multipart endpoint stream past it, and only those", () => {
    const uploads = ENDPOINTS.filter((e) => e.multipart);
    expect(uploads.length).toBeGreaterThanOrEqual(3);
    for (const e of uploads) {
      expect(proxied(pathOf(e.path), MULTIPART), e.path).toBe(false);
      expect(proxied(pathOf(e.path), "application/json"), e.path).toBe(true);
    }
    for (const e of ENDPOINTS.filter((x) => !x.multipart && !uploads.some((u) => pathOf(u.path) === pathOf(x.path))))
      expect(proxied(pathOf(e.path), MULTIPART), e.path).toBe(true);
    expect(proxied("/api/posts/%zz", MULTIPART)).toBe(true); // the percent-encoding check still runs
    expect(proxied("/_next/static/chunks/a.js")).toBe(false);
  });

  it("answers a declared body over the buffer 413 in the {error} shape", async () => {
    const req = (length: number) =>
      new NextRequest("http://localhost/api/profile_groups", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(length) },
      });
    const refused = proxy(req(PROXIED_BODY_MAX_BYTES + 1));
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/^Request body is larger than 10 MB; /) });
    expect(proxy(req(PROXIED_BODY_MAX_BYTES)).headers.get("x-middleware-next")).toBe("1");
  });
});
