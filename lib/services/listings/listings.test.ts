import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { googleApiError, startGoogleFake, type GoogleFake } from "@/testing/fakes/google";
import * as location from "@/app/api/profiles/[id]/google_business/location/route";
import * as updateLocation from "@/app/api/profiles/[id]/google_business/update_location/route";
import * as categories from "@/app/api/profiles/[id]/google_business/available_location_categories/route";
import * as updateHours from "@/app/api/profiles/[id]/google_business/update_hours/route";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { seedKey, seedProfile } from "@/testing/seed";
import { setEnv } from "@/testing/network-tests";
import { callListing, connectListingOwner, type ListingOwner } from "./listing-test-setup";

// Google business management, location and hours (the other endpoints: listing-extras.test.ts), through
// the routes against the Google fake: location_id rules (400, 404, another tenant's or group's), the
// read mask, the `fields` write pattern, categories with paging, and how Google's errors come back.

type Json = Record<string, any>;
let google: GoogleFake;
let owner: ListingOwner;

beforeAll(async () => {
  google = await startGoogleFake();
  const restore = setEnv(google.env("google_business"));
  owner = await connectListingOwner(google);
  return restore;
});
afterAll(() => google?.close());

describe("GET google_business/location", () => {
  it("the location resource in Google's shape, with the spec's default read mask or the one asked for", async () => {
    const res = await callListing(owner, location.GET, { query: { location_id: owner.deliId } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: owner.deli.name,
      title: "Acme Deli",
      categories: { primaryCategory: { name: "categories/gcid:delicatessen", displayName: "Delicatessen" } },
      profile: { description: "Sandwiches since 1990" },
      metadata: { canHaveFoodMenus: true, canModifyServiceList: true },
    });
    const [call] = google.requestsTo("location.get").slice(-1);
    expect(call!.url.searchParams.get("readMask")!.split(",")).toEqual(
      expect.arrayContaining([
        "name",
        "title",
        "websiteUri",
        "phoneNumbers",
        "categories",
        "storefrontAddress",
        "regularHours",
        "serviceArea",
        "serviceItems",
        "labels",
        "latlng",
        "openInfo",
        "profile",
        "metadata",
      ]),
    );
    const masked = await callListing(owner, location.GET, {
      query: { location_id: owner.deliId, read_mask: "title,profile.description" },
    });
    expect(masked.json).toEqual({ title: "Acme Deli", profile: { description: "Sandwiches since 1990" } });
    const bad = await callListing(owner, location.GET, {
      query: { location_id: owner.deliId, read_mask: "title,colour" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain("colour");
  });

  it("location_id: 400 when missing, 404 when the profile cannot reach it, another tenant's or group's profile 404", async () => {
    const missing = await callListing(owner, location.GET);
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({
      status: 400,
      error: "Bad Request",
      message: "param is missing or the value is empty: location_id",
    });
    const unknown = await callListing(owner, location.GET, { query: { location_id: "accounts/1/locations/2" } });
    expect(unknown).toMatchObject({ status: 404, json: { error: "Not found" } });

    const other = await connectListingOwner(google);
    const foreignLocation = await callListing(owner, location.GET, { query: { location_id: other.deliId } });
    expect(foreignLocation.status).toBe(404);
    const foreignProfile = await callListing(other, location.GET, {
      query: { location_id: other.deliId },
      token: owner.token,
    });
    expect(foreignProfile.status).toBe(404);
    const group = await db.profileGroup.create({
      data: { id: newId("profileGroup"), accountId: owner.account.id, environment: "live", name: "Other group" },
    });
    const { token: scoped } = await seedKey({ accountId: owner.account.id, kind: "scoped", profileGroupId: group.id });
    expect(
      (await callListing(owner, location.GET, { query: { location_id: owner.deliId }, token: scoped })).status,
    ).toBe(404);
    // A write without location_id is the same 400.
    const write = await callListing(owner, updateLocation.PATCH, { body: { fields: ["title"], title: "X" } });
    expect(write.json).toEqual({
      status: 400,
      error: "Bad Request",
      message: "param is missing or the value is empty: location_id",
    });
  });

  it("another network's profile: 422", async () => {
    const bluesky = await seedProfile({ group: owner.group });
    const res = await callListing({ profile: bluesky, token: owner.token }, location.GET, {
      query: { location_id: owner.deliId },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([expect.stringContaining("no business listings")]);
  });
});

describe("PATCH google_business/update_location: the fields write pattern", () => {
  it("replaces the named fields (nested objects wholesale), clears one named with null, and a later read shows it", async () => {
    const res = await callListing(owner, updateLocation.PATCH, {
      body: {
        location_id: owner.deliId,
        fields: ["title", "websiteUri", "profile", "categories"],
        title: "Acme Deli & Bakery",
        websiteUri: null,
        profile: { description: "Fresh bread daily" },
        categories: {
          primaryCategory: { name: "categories/gcid:delicatessen" },
          additionalCategories: [{ name: "categories/gcid:bakery" }],
        },
        storeCode: "NOT-NAMED", // not in fields: not sent
      },
    });
    expect(res.status).toBe(200);
    const [call] = google.requestsTo("location.patch").slice(-1);
    expect(call!.url.searchParams.get("updateMask")).toBe("title,websiteUri,profile,categories");
    expect(call!.json).toEqual({
      title: "Acme Deli & Bakery",
      profile: { description: "Fresh bread daily" },
      categories: {
        primaryCategory: { name: "categories/gcid:delicatessen" },
        additionalCategories: [{ name: "categories/gcid:bakery" }],
      },
    });
    const read = await callListing(owner, location.GET, { query: { location_id: owner.deliId } });
    expect(read.json).toMatchObject({
      title: "Acme Deli & Bakery",
      profile: { description: "Fresh bread daily" },
      categories: { additionalCategories: [{ displayName: "Bakery" }] },
    });
    expect(read.json).not.toHaveProperty("websiteUri");
    expect(read.json).not.toHaveProperty("storeCode");
  });

  it("400 for a field named without a value; 422 for fields it cannot patch, a missing fields, and Google's refusals (with error_details)", async () => {
    const noValue = await callListing(owner, updateLocation.PATCH, {
      body: { location_id: owner.deliId, fields: ["title", "labels"], title: "X" },
    });
    expect(noValue.status).toBe(400);
    expect(noValue.json.message).toContain("labels");
    const hours = await callListing(owner, updateLocation.PATCH, {
      body: { location_id: owner.deliId, fields: ["regularHours"], regularHours: { periods: [] } },
    });
    expect(hours.status).toBe(422);
    expect(hours.json.errors).toEqual([expect.stringContaining("regularHours")]);
    expect(
      (await callListing(owner, updateLocation.PATCH, { body: { location_id: owner.deliId, title: "X" } })).status,
    ).toBe(422);

    const unknownField = await callListing(owner, updateLocation.PATCH, {
      body: { location_id: owner.deliId, fields: ["profile"], profile: { description: "x", tagline: "y" } },
    });
    expect(unknownField.status).toBe(422);
    expect(unknownField.json.error_details).toMatchObject({ platform_error_code: "INVALID_ARGUMENT" });
    expect(unknownField.json.errors).toEqual(
      expect.arrayContaining([expect.stringContaining('Unknown name "tagline"')]),
    );
    const badCategory = await callListing(owner, updateLocation.PATCH, {
      body: {
        location_id: owner.deliId,
        fields: ["categories"],
        categories: { primaryCategory: { name: "Delicatessen" } },
      },
    });
    expect(badCategory.status).toBe(422);
    expect(badCategory.json.errors).toEqual(expect.arrayContaining([expect.stringContaining("primary_category.name")]));
    const badEnum = await callListing(owner, updateLocation.PATCH, {
      body: { location_id: owner.deliId, fields: ["openInfo"], openInfo: { status: "OPEN_SOMETIMES" } },
    });
    expect(badEnum.status).toBe(422);
  });

  it("Google's edit quota: a short Retry-After is waited out once; otherwise 429 with Retry-After", async () => {
    google.failNext("location.patch", {
      status: 429,
      headers: { "retry-after": "1" },
      body: googleApiError(429, "RESOURCE_EXHAUSTED", "Quota exceeded", { errorInfo: "RATE_LIMIT_EXCEEDED" }),
    });
    const retried = await callListing(owner, updateLocation.PATCH, {
      body: { location_id: owner.deliId, fields: ["labels"], labels: ["vip"] },
    });
    expect(retried.status).toBe(200);
    expect(retried.json.labels).toEqual(["vip"]);

    google.listings.config.editsPerMinute = 0;
    try {
      const limited = await callListing(owner, updateLocation.PATCH, {
        body: { location_id: owner.deliId, fields: ["labels"], labels: ["x"] },
      });
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBe("60");
      expect(limited.json).toMatchObject({
        retry_after: 60,
        error_details: { platform_error_code: "RATE_LIMIT_EXCEEDED" },
      });
    } finally {
      google.listings.config.editsPerMinute = 10;
    }
  });

  it("Google unavailable: 502; an expired token is refreshed and the call repeated", async () => {
    google.failNext("location.patch", {
      status: 503,
      body: googleApiError(503, "UNAVAILABLE", "The service is currently unavailable."),
    });
    const down = await callListing(owner, updateLocation.PATCH, {
      body: { location_id: owner.deliId, fields: ["labels"], labels: ["y"] },
    });
    expect(down.status).toBe(502);
    expect(down.json.error).toContain("did not accept");

    const before = await db.profile.findUniqueOrThrow({ where: { id: owner.profile.id } });
    google.failNext("location.get", {
      status: 401,
      body: googleApiError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials."),
    });
    const read = await callListing(owner, location.GET, { query: { location_id: owner.deliId, read_mask: "title" } });
    expect(read.status).toBe(200);
    const after = await db.profile.findUniqueOrThrow({ where: { id: owner.profile.id } });
    expect(after.accessToken).not.toBe(before.accessToken);
  });
});

describe("GET google_business/available_location_categories", () => {
  it("Google's categories with paging and a display-name filter; region_code required", async () => {
    const first = await callListing(owner, categories.GET, {
      query: { location_id: owner.deliId, region_code: "us", page_size: "3" },
    });
    expect(first.status).toBe(200);
    const page1 = first.json as Json;
    expect(page1.categories).toHaveLength(3);
    expect(page1.nextPageToken).toEqual(expect.any(String));
    const second = await callListing(owner, categories.GET, {
      query: { location_id: owner.deliId, region_code: "US", page_size: "3", page_token: page1.nextPageToken },
    });
    expect((second.json as Json).categories[0].name).not.toBe(page1.categories[0].name);
    const [call] = google.requestsTo("categories").slice(-1);
    expect(Object.fromEntries(call!.url.searchParams)).toMatchObject({
      regionCode: "US",
      languageCode: "en",
      view: "BASIC",
      pageSize: "3",
    });

    const filtered = await callListing(owner, categories.GET, {
      query: { location_id: owner.deliId, region_code: "US", filter: "ba", view: "FULL" },
    });
    expect((filtered.json as Json).categories.map((c: Json) => c.displayName)).toEqual(["Bakery", "Bank"]);
    expect((filtered.json as Json).categories[0].serviceTypes).toEqual([
      { serviceTypeId: "job_type_id:custom_cakes", displayName: "Custom cakes" },
    ]);
    const missing = await callListing(owner, categories.GET, { query: { location_id: owner.deliId } });
    expect(missing.json).toEqual({
      status: 400,
      error: "Bad Request",
      message: "param is missing or the value is empty: region_code",
    });
    expect(
      (
        await callListing(owner, categories.GET, {
          query: { location_id: owner.deliId, region_code: "US", page_size: "500" },
        })
      ).status,
    ).toBe(400);
  });
});

describe("PATCH google_business/update_hours", () => {
  it("regular and special hours in Google's shape; null clears; other fields 422", async () => {
    const specialHours = { specialHourPeriods: [{ startDate: { year: 2026, month: 12, day: 25 }, closed: true }] };
    const regularHours = {
      periods: [
        { openDay: "TUESDAY", openTime: { hours: 9 }, closeDay: "TUESDAY", closeTime: { hours: 17, minutes: 30 } },
      ],
    };
    const res = await callListing(owner, updateHours.PATCH, {
      body: { location_id: owner.deliId, fields: ["regularHours", "specialHours"], regularHours, specialHours },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ regularHours, specialHours });
    const cleared = await callListing(owner, updateHours.PATCH, {
      body: { location_id: owner.deliId, fields: ["specialHours"], specialHours: null },
    });
    expect(cleared.json).not.toHaveProperty("specialHours");
    expect(cleared.json).toMatchObject({ regularHours });
    const wrongDay = await callListing(owner, updateHours.PATCH, {
      body: {
        location_id: owner.deliId,
        fields: ["regularHours"],
        regularHours: { periods: [{ openDay: "MONDAYS" }] },
      },
    });
    expect(wrongDay.status).toBe(422);
    expect(
      (
        await callListing(owner, updateHours.PATCH, {
          body: { location_id: owner.deliId, fields: ["title"], title: "x" },
        })
      ).status,
    ).toBe(422);
  });
});
