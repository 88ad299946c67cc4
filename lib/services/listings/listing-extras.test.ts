import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGoogleFake, type GoogleFake } from "@/testing/fakes/google";
import * as attributes from "@/app/api/profiles/[id]/google_business/attributes/route";
import * as availableAttributes from "@/app/api/profiles/[id]/google_business/available_attributes/route";
import * as updateAttributes from "@/app/api/profiles/[id]/google_business/update_attributes/route";
import * as serviceList from "@/app/api/profiles/[id]/google_business/service_list/route";
import * as updateServiceList from "@/app/api/profiles/[id]/google_business/update_service_list/route";
import * as foodMenus from "@/app/api/profiles/[id]/google_business/food_menus/route";
import * as updateFoodMenus from "@/app/api/profiles/[id]/google_business/update_food_menus/route";
import * as links from "@/app/api/profiles/[id]/google_business/place_action_links/route";
import * as linkTypes from "@/app/api/profiles/[id]/google_business/available_place_action_types/route";
import * as createLink from "@/app/api/profiles/[id]/google_business/create_place_action_link/route";
import * as updateLink from "@/app/api/profiles/[id]/google_business/update_place_action_link/route";
import * as deleteLink from "@/app/api/profiles/[id]/google_business/delete_place_action_link/route";
import * as media from "@/app/api/profiles/[id]/google_business/media/route";
import * as createMedia from "@/app/api/profiles/[id]/google_business/create_media/route";
import * as deleteMedia from "@/app/api/profiles/[id]/google_business/delete_media/route";
import { setEnv } from "@/testing/network-tests";
import { callListing, connectListingOwner, type ListingOwner } from "./listing-test-setup";

// Google business management beyond the location: attributes (validity by category and region),
// service list and food menus (their gates), place action links CRUD, photos; through the routes
// against the Google fake.

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

describe("attributes", () => {
  it("available attributes depend on the category and region; update writes the named ones and removes one named without an entry", async () => {
    const deliAvailable = await callListing(owner, availableAttributes.GET, { query: { location_id: owner.deliId } });
    expect(deliAvailable.status).toBe(200);
    const names = ((deliAvailable.json as Json).attributeMetadata as Json[]).map((a) => a.parent);
    expect(names).toEqual(
      expect.arrayContaining(["attributes/has_wifi", "attributes/has_delivery", "attributes/is_owned_by_women"]),
    );
    const plumberAvailable = await callListing(owner, availableAttributes.GET, {
      query: { location_id: owner.plumberId },
    });
    expect(((plumberAvailable.json as Json).attributeMetadata as Json[]).map((a) => a.parent)).not.toContain(
      "attributes/has_delivery",
    );

    const set = await callListing(owner, updateAttributes.PATCH, {
      body: {
        location_id: owner.deliId,
        fields: ["has_wifi", "attributes/has_delivery", "pay_credit_card_types_accepted"],
        attributes: [
          { name: "has_wifi", values: [true] },
          { name: "attributes/has_delivery", values: [false] },
          { name: "attributes/pay_credit_card_types_accepted", repeatedEnumValue: { setValues: ["visa"] } },
        ],
      },
    });
    expect(set.status).toBe(200);
    expect(google.requestsTo("attributes.patch").at(-1)!.url.searchParams.get("attributeMask")).toBe(
      "attributes/has_wifi,attributes/has_delivery,attributes/pay_credit_card_types_accepted",
    );
    const removed = await callListing(owner, updateAttributes.PATCH, {
      body: { location_id: owner.deliId, fields: ["has_delivery"], attributes: [] },
    });
    expect(removed.status).toBe(200);
    const read = await callListing(owner, attributes.GET, { query: { location_id: owner.deliId } });
    expect(((read.json as Json).attributes as Json[]).map((a) => [a.name, a.values ?? a.repeatedEnumValue])).toEqual([
      ["attributes/has_wifi", [true]],
      ["attributes/pay_credit_card_types_accepted", { setValues: ["visa"] }],
    ]);
  });

  it("422 naming attributes the location's category or region does not take, entries not named in fields, and values Google refuses", async () => {
    const plumber = await callListing(owner, updateAttributes.PATCH, {
      body: {
        location_id: owner.plumberId,
        fields: ["has_delivery"],
        attributes: [{ name: "has_delivery", values: [true] }],
      },
    });
    expect(plumber.status).toBe(422);
    expect(plumber.json.errors).toEqual([
      "attributes/has_delivery is not available for this location (its category and region)",
    ]);
    const stray = await callListing(owner, updateAttributes.PATCH, {
      body: { location_id: owner.deliId, fields: ["has_wifi"], attributes: [{ name: "has_restroom", values: [true] }] },
    });
    expect(stray.json.errors).toEqual(["attributes: attributes/has_restroom not named in fields"]);
    const wrongValue = await callListing(owner, updateAttributes.PATCH, {
      body: { location_id: owner.deliId, fields: ["has_wifi"], attributes: [{ name: "has_wifi", values: ["yes"] }] },
    });
    expect(wrongValue.status).toBe(422);
    expect(wrongValue.json.error_details).toMatchObject({ platform_error_code: "INVALID_ARGUMENT" });
  });
});

describe("service list and food menus: the gates", () => {
  it("service list: read anywhere; replacing needs canModifyServiceList (422 naming it)", async () => {
    const items = [{ structuredServiceItem: { serviceTypeId: "job_type_id:install_water_heater" } }];
    const gated = await callListing(owner, updateServiceList.PATCH, {
      body: { location_id: owner.plumberId, serviceItems: items },
    });
    expect(gated.status).toBe(422);
    expect(gated.json.errors).toEqual([
      "canModifyServiceList is false for this location: its service list cannot be changed",
    ]);
    expect(google.requestsTo("location.patch")).toHaveLength(0);
    expect((await callListing(owner, serviceList.GET, { query: { location_id: owner.plumberId } })).json).toEqual({
      name: owner.plumber.name,
      serviceItems: [],
    });

    const deliItems = [
      {
        freeFormServiceItem: {
          category: "categories/gcid:delicatessen",
          label: { displayName: "Catering", languageCode: "en" },
        },
        price: { currencyCode: "USD", units: "25" },
      },
    ];
    const replaced = await callListing(owner, updateServiceList.PATCH, {
      body: { location_id: owner.deliId, serviceItems: deliItems },
    });
    expect(replaced.status).toBe(200);
    expect(google.requestsTo("location.patch").at(-1)!.url.searchParams.get("updateMask")).toBe("serviceItems");
    expect((await callListing(owner, serviceList.GET, { query: { location_id: owner.deliId } })).json).toEqual({
      name: owner.deli.name,
      serviceItems: deliItems,
    });
    const foreignType = await callListing(owner, updateServiceList.PATCH, {
      body: {
        location_id: owner.deliId,
        serviceItems: [{ structuredServiceItem: { serviceTypeId: "job_type_id:haircut" } }],
      },
    });
    expect(foreignType.status).toBe(422);
  });

  it("food menus need canHaveFoodMenus (422 naming it); replaced menus read back; unknown enum values refused", async () => {
    for (const res of [
      await callListing(owner, foodMenus.GET, { query: { location_id: owner.plumberId } }),
      await callListing(owner, updateFoodMenus.PATCH, { body: { location_id: owner.plumberId, menus: [] } }),
    ]) {
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual(["canHaveFoodMenus is false for this location: it cannot have food menus"]);
    }
    const menus = [
      {
        labels: [{ displayName: "Lunch", languageCode: "en" }],
        cuisines: ["AMERICAN"],
        sections: [
          {
            labels: [{ displayName: "Sandwiches" }],
            items: [
              {
                labels: [{ displayName: "Reuben" }],
                attributes: { price: { currencyCode: "USD", units: "12" }, allergen: ["WHEAT"] },
              },
            ],
          },
        ],
      },
    ];
    const saved = await callListing(owner, updateFoodMenus.PATCH, { body: { location_id: owner.deliId, menus } });
    expect(saved.status).toBe(200);
    const read = await callListing(owner, foodMenus.GET, { query: { location_id: owner.deliId } });
    expect(read.json).toEqual({ name: `${owner.deliId}/foodMenus`, menus });
    const bad = await callListing(owner, updateFoodMenus.PATCH, {
      body: { location_id: owner.deliId, menus: [{ ...menus[0], cuisines: ["MARTIAN"] }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual(expect.arrayContaining([expect.stringContaining("MARTIAN")]));
  });
});

describe("place action links", () => {
  it("types the location accepts; create, list, update (isPreferred), delete; 422 for a type it does not accept, 404 for another location's link", async () => {
    const types = await callListing(owner, linkTypes.GET, { query: { location_id: owner.deliId } });
    expect(((types.json as Json).placeActionTypeMetadata as Json[]).map((t) => t.placeActionType)).toContain(
      "FOOD_ORDERING",
    );

    const created = await callListing(owner, createLink.POST, {
      body: { location_id: owner.deliId, uri: "https://order.example/deli", placeActionType: "FOOD_ORDERING" },
    });
    expect(created.status).toBe(201);
    const link = created.json as Json;
    expect(link).toMatchObject({
      uri: "https://order.example/deli",
      placeActionType: "FOOD_ORDERING",
      isPreferred: false,
      providerType: "MERCHANT",
    });
    expect(link.name).toMatch(new RegExp(`^${owner.deli.name}/placeActionLinks/`));

    const refused = await callListing(owner, createLink.POST, {
      body: { location_id: owner.deliId, uri: "https://book.example", placeActionType: "APPOINTMENT" },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([
      expect.stringMatching(
        /^placeActionType APPOINTMENT is not available for this location \(available: .*FOOD_ORDERING/,
      ),
    ]);

    const updated = await callListing(owner, updateLink.PATCH, {
      body: { location_id: owner.deliId, name: link.name, fields: ["isPreferred"], isPreferred: true },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ name: link.name, isPreferred: true, uri: "https://order.example/deli" });
    const listed = await callListing(owner, links.GET, { query: { location_id: owner.deliId } });
    expect((listed.json as Json).placeActionLinks).toEqual([
      expect.objectContaining({ name: link.name, isPreferred: true }),
    ]);

    const elsewhere = await callListing(owner, deleteLink.DELETE, {
      query: { location_id: owner.plumberId, name: link.name },
    });
    expect(elsewhere.status).toBe(404);
    const deleted = await callListing(owner, deleteLink.DELETE, {
      query: { location_id: owner.deliId, name: link.name },
    });
    expect(deleted).toMatchObject({ status: 200, json: { deleted: true, name: link.name } });
    expect(
      (await callListing(owner, deleteLink.DELETE, { query: { location_id: owner.deliId, name: link.name } })).status,
    ).toBe(404);
    expect((await callListing(owner, links.GET, { query: { location_id: owner.deliId } })).json).toEqual({});
  });
});

describe("media", () => {
  it("adds a photo, lists it, deletes it; a category the location cannot use and unknown fields are 422 with error_details", async () => {
    const created = await callListing(owner, createMedia.POST, {
      body: {
        location_id: owner.deliId,
        mediaFormat: "PHOTO",
        locationAssociation: { category: "COVER" },
        sourceUrl: "https://cdn.example/cover.jpg",
        description: "Storefront",
      },
    });
    expect(created.status).toBe(201);
    const item = created.json as Json;
    expect(item).toMatchObject({
      mediaFormat: "PHOTO",
      locationAssociation: { category: "COVER" },
      googleUrl: expect.any(String),
    });
    expect(google.requestsTo("media.create").at(-1)!.json).toEqual({
      mediaFormat: "PHOTO",
      locationAssociation: { category: "COVER" },
      sourceUrl: "https://cdn.example/cover.jpg",
      description: "Storefront",
    });
    const listed = await callListing(owner, media.GET, { query: { location_id: owner.deliId } });
    expect((listed.json as Json).mediaItems.map((m: Json) => m.name)).toEqual([item.name]);

    const menuPhoto = await callListing(owner, createMedia.POST, {
      body: {
        location_id: owner.plumberId,
        mediaFormat: "PHOTO",
        locationAssociation: { category: "MENU" },
        sourceUrl: "https://cdn.example/m.jpg",
      },
    });
    expect(menuPhoto.status).toBe(422);
    expect(menuPhoto.json.error_details).toMatchObject({ platform_error_code: "FAILED_PRECONDITION" });
    const unknown = await callListing(owner, createMedia.POST, {
      body: {
        location_id: owner.deliId,
        mediaFormat: "PHOTO",
        locationAssociation: { category: "COVER" },
        sourceUrl: "https://cdn.example/c.jpg",
        caption: "x",
      },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors).toEqual(expect.arrayContaining([expect.stringContaining('Unknown name "caption"')]));

    expect(
      (await callListing(owner, deleteMedia.DELETE, { query: { location_id: owner.plumberId, name: item.name } }))
        .status,
    ).toBe(404);
    expect(
      (await callListing(owner, deleteMedia.DELETE, { query: { location_id: owner.deliId, name: item.name } })).json,
    ).toEqual({ deleted: true, name: item.name });
    expect((await callListing(owner, media.GET, { query: { location_id: owner.deliId } })).json).toMatchObject({
      totalMediaItemCount: 0,
    });
  });
});
