import { beforeAll, describe, expect, it } from "vitest";
import * as location from "@/app/api/profiles/[id]/google_business/location/route";
import * as updateLocation from "@/app/api/profiles/[id]/google_business/update_location/route";
import * as categories from "@/app/api/profiles/[id]/google_business/available_location_categories/route";
import * as pageRoute from "@/app/api/profiles/[id]/facebook/page/route";
import * as updatePageRoute from "@/app/api/profiles/[id]/facebook/update_page/route";
import * as resolveRoute from "@/app/api/profiles/[id]/resolve_mention/route";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { seedSandboxTenant } from "@/testing/posts";
import { callListing } from "./listing-test-setup";

// The management endpoints' error answers rehearsed on sandbox profiles: a value carrying
// #sandbox-forbidden, #sandbox-rate-limit or #sandbox-unavailable makes the simulated Google, Graph or
// LinkedIn answer with its own error, which the real connectors map to the spec's 403, 429 with
// Retry-After and 502; nothing is written, and the same call without the tag goes through.

type Json = Record<string, any>;
let tenant: Awaited<ReturnType<typeof seedSandboxTenant>>;
let restaurant: string;
let pageId: string;

beforeAll(async () => {
  tenant = await seedSandboxTenant(["google_business", "facebook", "linkedin"]);
  restaurant = tenant.profiles.google_business!.placements.map((p) => p.externalId!).sort()[0]!;
  pageId = tenant.profiles.facebook!.placements.map((p) => p.externalId!).sort()[0]!;
});

const google = () => ({ profile: tenant.profiles.google_business!, token: tenant.token });
const setTitle = (title: string) =>
  callListing(google(), updateLocation.PATCH, { body: { location_id: restaurant, fields: ["title"], title } });
const searchCategories = (filter: string) =>
  callListing(google(), categories.GET, { query: { location_id: restaurant, region_code: "US", filter } });
const facebookId = () => tenant.profiles.facebook!.id;
const updatePage = (body: Json) =>
  callRoute(updatePageRoute.PATCH, {
    path: `/api/profiles/${facebookId()}/facebook/update_page`,
    token: tenant.token,
    body,
    params: { id: facebookId() },
  });
const getPage = () =>
  callRoute(pageRoute.GET, {
    path: `/api/profiles/${facebookId()}/facebook/page?page_id=${pageId}&fields=about`,
    token: tenant.token,
    params: { id: facebookId() },
  });
const resolve = (url: string) => {
  const id = tenant.profiles.linkedin!.id;
  return callRoute(resolveRoute.GET, {
    path: `/api/profiles/${id}/resolve_mention?${new URLSearchParams({ url })}`,
    token: tenant.token,
    params: { id },
  });
};

describe("sandbox google_business: tagged values answer Google's errors", () => {
  it("#sandbox-forbidden: 403 naming the missing scope, with Google's error details; nothing stored", async () => {
    const res = await setTitle("Trattoria #sandbox-forbidden");
    expect(res.status).toBe(403);
    expect(res.json.error).toMatch(/insufficient authentication scopes/);
    expect(res.json.error_details).toMatchObject({
      platform_error_code: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
      platform_error_subcode: "PERMISSION_DENIED",
    });
    expect(await db.connectorState.count({ where: { profileId: google().profile.id } })).toBe(0);
  });

  it("#sandbox-rate-limit: 429 with Google's Retry-After (30 s), on writes and on a category search", async () => {
    for (const res of [
      await setTitle("Trattoria #sandbox-rate-limit"),
      await searchCategories("pizza #sandbox-rate-limit"),
    ]) {
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBe("30");
      expect(res.json).toMatchObject({
        retry_after: 30,
        error_details: { platform_error_code: "RATE_LIMIT_EXCEEDED" },
      });
    }
  });

  it("#sandbox-unavailable: 502 (the edit may or may not have happened); untagged the same calls succeed and the title is the untagged one", async () => {
    const res = await setTitle("Trattoria #SANDBOX-UNAVAILABLE");
    expect(res.status).toBe(502);
    expect(res.json.error_details).toMatchObject({ platform_error_code: "UNAVAILABLE" });
    expect((await searchCategories("pizza")).status).toBe(200);
    expect((await setTitle("Trattoria")).status).toBe(200);
    expect(
      (await callListing(google(), location.GET, { query: { location_id: restaurant, read_mask: "title" } })).json,
    ).toEqual({ title: "Trattoria" });
  });
});

describe("sandbox facebook and linkedin: tagged values answer Graph's and LinkedIn's errors", () => {
  it("update_page: (#200) 403, (#32) 429 with the wait from Meta's usage header, (#2) 502; the page keeps its about", async () => {
    const before = (await getPage()).json.about;
    const forbidden = await updatePage({ page_id: pageId, about: "Hello #sandbox-forbidden" });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.error_details).toMatchObject({ platform_error_code: "200" });
    const limited = await updatePage({ page_id: pageId, mission: "#sandbox-rate-limit" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(limited.json.error_details).toMatchObject({ platform_error_code: "32" });
    const down = await updatePage({
      page_id: pageId,
      emails: ["a@example.com"],
      description: "x #sandbox-unavailable",
    });
    expect(down.status).toBe(502);
    expect(down.json.error_details).toMatchObject({ platform_error_code: "2" });
    expect((await getPage()).json.about).toBe(before);
  });

  it("resolve_mention with a tagged URL: 403, 429 with Retry-After, 502; the same URL untagged resolves", async () => {
    const url = "https://www.linkedin.com/company/sandbox-acme/";
    expect((await resolve(`${url}#sandbox-forbidden`)).status).toBe(403);
    const limited = await resolve(`${url}#sandbox-rate-limit`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("30");
    expect((await resolve(`${url}#sandbox-unavailable`)).status).toBe(502);
    expect((await resolve(url)).json).toMatchObject({ name: "Acme Sandbox Corp" });
  });
});
