import { beforeAll, describe, expect, it } from "vitest";
import * as location from "@/app/api/profiles/[id]/google_business/location/route";
import * as updateLocation from "@/app/api/profiles/[id]/google_business/update_location/route";
import * as updateHours from "@/app/api/profiles/[id]/google_business/update_hours/route";
import * as categories from "@/app/api/profiles/[id]/google_business/available_location_categories/route";
import * as attributes from "@/app/api/profiles/[id]/google_business/attributes/route";
import * as availableAttributes from "@/app/api/profiles/[id]/google_business/available_attributes/route";
import * as updateAttributes from "@/app/api/profiles/[id]/google_business/update_attributes/route";
import * as serviceList from "@/app/api/profiles/[id]/google_business/service_list/route";
import * as updateServiceList from "@/app/api/profiles/[id]/google_business/update_service_list/route";
import * as foodMenus from "@/app/api/profiles/[id]/google_business/food_menus/route";
import * as updateFoodMenus from "@/app/api/profiles/[id]/google_business/update_food_menus/route";
import * as links from "@/app/api/profiles/[id]/google_business/place_action_links/route";
import * as createLink from "@/app/api/profiles/[id]/google_business/create_place_action_link/route";
import * as updateLink from "@/app/api/profiles/[id]/google_business/update_place_action_link/route";
import * as deleteLink from "@/app/api/profiles/[id]/google_business/delete_place_action_link/route";
import * as media from "@/app/api/profiles/[id]/google_business/media/route";
import * as createMedia from "@/app/api/profiles/[id]/google_business/create_media/route";
import * as deleteMedia from "@/app/api/profiles/[id]/google_business/delete_media/route";
import { db } from "@/lib/db/client";
import { seedSandboxTenant } from "@/testing/posts";
import { callListing } from "./listing-test-setup";

// The sandbox's simulated Business Profile through the routes, with a sandbox key: seeded locations
// (a restaurant and a plumber), every endpoint reading and writing them, Google's validation and the
// gates answering as on the real network, and edits kept in the database (connector_states).

type Json = Record<string, any>;
let owner: { profile: { id: string }; token: string };
let restaurant: string;
let plumber: string;

beforeAll(async () => {
  const tenant = await seedSandboxTenant(["google_business"]);
  const profile = tenant.profiles.google_business!;
  owner = { profile, token: tenant.token };
  const ids = profile.placements.map((p) => p.externalId!).sort();
  [restaurant, plumber] = ids as [string, string];
});

const get = (route: Parameters<typeof callListing>[1], locationId: string, query: Record<string, string> = {}) =>
  callListing(owner, route, { query: { location_id: locationId, ...query } });
const send = (route: Parameters<typeof callListing>[1], locationId: string, body: Json) =>
  callListing(owner, route, { body: { location_id: locationId, ...body } });

describe("sandbox google_business: the location", () => {
  it("seeded restaurant and plumber locations; an edit is stored in connector_states and a later read shows it", async () => {
    const read = await get(location.GET, restaurant);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({
      title: "Sandbox google_business (Main Street)",
      categories: {
        primaryCategory: { name: "categories/gcid:italian_restaurant", displayName: "Italian restaurant" },
      },
      regularHours: { periods: expect.arrayContaining([expect.objectContaining({ openDay: "TUESDAY" })]) },
      metadata: { canHaveFoodMenus: true, canModifyServiceList: true },
    });
    expect((await get(location.GET, plumber, { read_mask: "title,metadata" })).json).toMatchObject({
      title: "Sandbox google_business Plumbing",
      metadata: { canModifyServiceList: false, canHaveFoodMenus: false },
    });
    const updated = await send(updateLocation.PATCH, restaurant, {
      fields: ["title", "websiteUri", "profile"],
      title: "Trattoria Main",
      websiteUri: "https://trattoria.example",
      profile: null,
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ title: "Trattoria Main", websiteUri: "https://trattoria.example" });
    expect(updated.json).not.toHaveProperty("profile");
    const stored = await db.connectorState.findMany({ where: { profileId: owner.profile.id } });
    expect(stored.map((s) => s.key)).toEqual([`google_business:locations/${restaurant.split("/locations/")[1]}`]);
    expect((await get(location.GET, restaurant, { read_mask: "title,websiteUri,profile" })).json).toEqual({
      title: "Trattoria Main",
      websiteUri: "https://trattoria.example",
    });
    const hours = await send(updateHours.PATCH, restaurant, {
      fields: ["regularHours"],
      regularHours: {
        periods: [{ openDay: "MONDAY", openTime: { hours: 9 }, closeDay: "MONDAY", closeTime: { hours: 17 } }],
      },
    });
    expect(hours.status).toBe(200);
    expect((await get(location.GET, restaurant, { read_mask: "regularHours" })).json).toEqual({
      regularHours: {
        periods: [{ openDay: "MONDAY", openTime: { hours: 9 }, closeDay: "MONDAY", closeTime: { hours: 17 } }],
      },
    });
  });

  it("Google's validation: unknown fields and enum values, an invalid category, a read mask naming no field; location_id 400 / 404", async () => {
    const unknown = await send(updateLocation.PATCH, restaurant, {
      fields: ["profile"],
      profile: { description: "x", tagline: "y" },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors).toEqual(expect.arrayContaining([expect.stringContaining('Unknown name "tagline"')]));
    expect(unknown.json.error_details).toMatchObject({ platform_error_code: "INVALID_ARGUMENT" });
    const day = await send(updateHours.PATCH, restaurant, {
      fields: ["regularHours"],
      regularHours: { periods: [{ openDay: "FUNDAY", closeDay: "MONDAY" }] },
    });
    expect(day.status).toBe(422);
    expect(day.json.errors).toEqual(expect.arrayContaining([expect.stringContaining("FUNDAY")]));
    const category = await send(updateLocation.PATCH, restaurant, {
      fields: ["categories"],
      categories: { primaryCategory: { name: "categories/gcid:spaceport" } },
    });
    expect(category.status).toBe(422);
    expect((await get(location.GET, restaurant, { read_mask: "title,colour" })).status).toBe(400);
    expect((await callListing(owner, location.GET)).json).toEqual({
      status: 400,
      error: "Bad Request",
      message: "param is missing or the value is empty: location_id",
    });
    expect((await get(location.GET, "accounts/1/locations/2")).status).toBe(404);
    const other = await seedSandboxTenant(["google_business"]);
    expect((await get(location.GET, other.profiles.google_business!.placements[0]!.externalId!)).status).toBe(404);
  });

  it("categories with a search and paging", async () => {
    const found = await callListing(owner, categories.GET, {
      query: { location_id: restaurant, region_code: "US", language_code: "en", filter: "restaurant", page_size: "1" },
    });
    expect(found.status).toBe(200);
    expect(found.json).toEqual({
      categories: [{ name: "categories/gcid:italian_restaurant", displayName: "Italian restaurant" }],
      nextPageToken: expect.any(String),
    });
  });
});

describe("sandbox google_business: the gates and the sections", () => {
  it("service list: replaced on the restaurant; 422 naming canModifyServiceList on the plumber", async () => {
    expect((await get(serviceList.GET, plumber)).json).toMatchObject({
      serviceItems: [{ structuredServiceItem: { serviceTypeId: "job_type_id:install_water_heater" } }],
    });
    const gated = await send(updateServiceList.PATCH, plumber, { serviceItems: [] });
    expect(gated.status).toBe(422);
    expect(gated.json.errors).toEqual([
      "canModifyServiceList is false for this location: its service list cannot be changed",
    ]);
    const items = [{ structuredServiceItem: { serviceTypeId: "job_type_id:catering" } }];
    expect((await send(updateServiceList.PATCH, restaurant, { serviceItems: items })).status).toBe(200);
    expect((await get(serviceList.GET, restaurant)).json).toMatchObject({ serviceItems: items });
    expect(
      (
        await send(updateServiceList.PATCH, restaurant, {
          serviceItems: [{ structuredServiceItem: { serviceTypeId: "job_type_id:haircut" } }],
        })
      ).status,
    ).toBe(422);
  });

  it("food menus: seeded on the restaurant and replaced; 422 naming canHaveFoodMenus on the plumber; unknown cuisines refused", async () => {
    const seeded = await get(foodMenus.GET, restaurant);
    expect((seeded.json as Json).menus[0]).toMatchObject({
      labels: [{ displayName: "Dinner" }],
      cuisines: ["ITALIAN", "PIZZA"],
    });
    for (const res of [await get(foodMenus.GET, plumber), await send(updateFoodMenus.PATCH, plumber, { menus: [] })]) {
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual(["canHaveFoodMenus is false for this location: it cannot have food menus"]);
    }
    const menus = [
      {
        labels: [{ displayName: "Lunch" }],
        cuisines: ["ITALIAN"],
        sections: [{ labels: [{ displayName: "Panini" }], items: [{ labels: [{ displayName: "Caprese" }] }] }],
      },
    ];
    expect((await send(updateFoodMenus.PATCH, restaurant, { menus })).status).toBe(200);
    expect((await get(foodMenus.GET, restaurant)).json).toMatchObject({ menus });
    const bad = await send(updateFoodMenus.PATCH, restaurant, { menus: [{ ...menus[0], cuisines: ["MARTIAN"] }] });
    expect(bad.status).toBe(422);
  });

  it("attributes: available by category and region; written and removed; one the location does not take is 422", async () => {
    const available = ((await get(availableAttributes.GET, plumber)).json as Json).attributeMetadata.map(
      (a: Json) => a.parent,
    );
    expect(available).toContain("attributes/is_owned_by_women");
    expect(available).not.toContain("attributes/has_delivery");
    const set = await send(updateAttributes.PATCH, restaurant, {
      fields: ["has_delivery", "has_wifi"],
      attributes: [{ name: "has_delivery", values: [true] }],
    });
    expect(set.status).toBe(200);
    const names = ((await get(attributes.GET, restaurant)).json as Json).attributes.map((a: Json) => a.name);
    expect(names).toContain("attributes/has_delivery");
    expect(names).not.toContain("attributes/has_wifi");
    const refused = await send(updateAttributes.PATCH, plumber, {
      fields: ["has_delivery"],
      attributes: [{ name: "has_delivery", values: [true] }],
    });
    expect(refused.json.errors).toEqual([
      "attributes/has_delivery is not available for this location (its category and region)",
    ]);
  });

  it("place action links: create, update, delete; a type the category does not take is 422", async () => {
    const created = await send(createLink.POST, plumber, {
      uri: "https://book.example/plumber",
      placeActionType: "ONLINE_APPOINTMENT",
    });
    expect(created.status).toBe(201);
    const name = String(created.json.name);
    expect(
      (await send(updateLink.PATCH, plumber, { name, fields: ["isPreferred"], isPreferred: true })).json,
    ).toMatchObject({ name, isPreferred: true });
    expect(((await get(links.GET, plumber)).json as Json).placeActionLinks.map((l: Json) => l.placeActionType)).toEqual(
      ["APPOINTMENT", "ONLINE_APPOINTMENT"],
    );
    const food = await send(createLink.POST, plumber, {
      uri: "https://order.example",
      placeActionType: "FOOD_ORDERING",
    });
    expect(food.json.errors).toEqual([
      expect.stringMatching(/^placeActionType FOOD_ORDERING is not available for this location/),
    ]);
    expect((await callListing(owner, deleteLink.DELETE, { query: { location_id: plumber, name } })).json).toEqual({
      deleted: true,
      name,
    });
    expect((await callListing(owner, deleteLink.DELETE, { query: { location_id: plumber, name } })).status).toBe(404);
  });

  it("photos: seeded, added, deleted; a menu photo where food menus are not allowed is 422", async () => {
    const before = (await get(media.GET, restaurant)).json as Json;
    expect(before.totalMediaItemCount).toBe(2);
    const created = await send(createMedia.POST, restaurant, {
      mediaFormat: "PHOTO",
      locationAssociation: { category: "INTERIOR" },
      sourceUrl: "https://cdn.example/room.jpg",
    });
    expect(created.status).toBe(201);
    expect((await get(media.GET, restaurant)).json).toMatchObject({ totalMediaItemCount: 3 });
    const menuPhoto = await send(createMedia.POST, plumber, {
      mediaFormat: "PHOTO",
      locationAssociation: { category: "MENU" },
      sourceUrl: "https://cdn.example/m.jpg",
    });
    expect(menuPhoto).toMatchObject({
      status: 422,
      json: { error_details: { platform_error_code: "FAILED_PRECONDITION" } },
    });
    const name = String(created.json.name);
    expect((await callListing(owner, deleteMedia.DELETE, { query: { location_id: restaurant, name } })).json).toEqual({
      deleted: true,
      name,
    });
    expect((await get(media.GET, restaurant)).json).toMatchObject({ totalMediaItemCount: 2 });
  });
});

describe("create_media with an uploaded file (multipart)", () => {
  it("stores the file like a post's media and hands Google its public URL; a file that is no media is 422", async () => {
    const png = Uint8Array.from(
      Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        "base64",
      ),
    );
    const upload = async (file: File) => {
      const form = new FormData();
      form.set("location_id", restaurant);
      form.set("mediaFormat", "PHOTO");
      form.set("locationAssociation[category]", "EXTERIOR");
      form.set("file", file);
      const req = new Request(`http://localhost/api/profiles/${owner.profile.id}/google_business/create_media`, {
        method: "POST",
        headers: { authorization: `Bearer ${owner.token}` },
        body: form,
      });
      const res = await createMedia.POST(req, { params: Promise.resolve({ id: owner.profile.id }) });
      return { status: res.status, json: (await res.json()) as Json };
    };
    const created = await upload(new File([png], "front.png", { type: "image/png" }));
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      locationAssociation: { category: "EXTERIOR" },
      googleUrl: expect.stringMatching(/\/media\/.+\.png$/),
    });
    expect(created.json).not.toHaveProperty("file");
    const listed = ((await get(media.GET, restaurant)).json as Json).mediaItems as Json[];
    expect(listed.map((m) => m.name)).toContain(created.json.name);
    const text = await upload(new File(["not an image"], "notes.txt", { type: "text/plain" }));
    expect(text.status).toBe(422);
  });
});

describe("sandbox google_business: concurrency and quota", () => {
  it("concurrent edits of one location all land; past 10 edits a minute Google's quota answers 429 with Retry-After", async () => {
    const tenant = await seedSandboxTenant(["google_business"]);
    const fresh = { profile: tenant.profiles.google_business!, token: tenant.token };
    const id = fresh.profile.placements.map((p) => p.externalId!).sort()[0]!;
    const call = (route: Parameters<typeof callListing>[1], body: Json) =>
      callListing(fresh, route, { body: { location_id: id, ...body } });
    const results = await Promise.all([
      call(updateLocation.PATCH, { fields: ["title"], title: "Concurrent title" }),
      call(createLink.POST, { uri: "https://order.example/1", placeActionType: "FOOD_ORDERING" }),
      call(updateAttributes.PATCH, {
        fields: ["has_restroom"],
        attributes: [{ name: "has_restroom", values: [true] }],
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 201, 200]);
    expect((await callListing(fresh, location.GET, { query: { location_id: id, read_mask: "title" } })).json).toEqual({
      title: "Concurrent title",
    });
    expect(
      ((await callListing(fresh, links.GET, { query: { location_id: id } })).json as Json).placeActionLinks,
    ).toHaveLength(2);
    expect(
      ((await callListing(fresh, attributes.GET, { query: { location_id: id } })).json as Json).attributes.map(
        (a: Json) => a.name,
      ),
    ).toContain("attributes/has_restroom");
    for (let i = 0; i < 7; i++)
      expect((await call(updateLocation.PATCH, { fields: ["storeCode"], storeCode: `S${i}` })).status).toBe(200);
    const limited = await call(updateLocation.PATCH, { fields: ["storeCode"], storeCode: "S-over" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
  });
});
