import { beforeAll, describe, expect, it } from "vitest";
import * as location from "@/app/api/profiles/[id]/google_business/location/route";
import * as updateLocation from "@/app/api/profiles/[id]/google_business/update_location/route";
import * as updateHours from "@/app/api/profiles/[id]/google_business/update_hours/route";
import * as categories from "@/app/api/profiles/[id]/google_business/available_location_categories/route";
import { seedSandboxTenant } from "@/testing/posts";
import { callListing } from "./listing-test-setup";

// More hours and the service area on the sandbox's simulated Business Profile, through the routes:
// categories list their moreHoursTypes (on the location and in categories.list FULL), moreHours takes
// only those types, a service area's places need a name and a place id, as Google requires; what is
// written reads back.

type Json = Record<string, any>;
let owner: { profile: { id: string }; token: string };
let restaurant: string;
let plumber: string;

beforeAll(async () => {
  const tenant = await seedSandboxTenant(["google_business"]);
  owner = { profile: tenant.profiles.google_business!, token: tenant.token };
  [restaurant, plumber] = tenant.profiles.google_business!.placements.map((p) => p.externalId!).sort() as [
    string,
    string,
  ];
});

const get = (locationId: string, mask: string) =>
  callListing(owner, location.GET, { query: { location_id: locationId, read_mask: mask } });
const send = (route: Parameters<typeof callListing>[1], locationId: string, body: Json) =>
  callListing(owner, route, { body: { location_id: locationId, ...body } });
const friday = (open: number, close: number) => ({
  openDay: "FRIDAY",
  openTime: { hours: open },
  closeDay: "FRIDAY",
  closeTime: { hours: close },
});

describe("sandbox google_business: more hours", () => {
  it("the location's categories carry their moreHoursTypes; the seeded takeout hours read back", async () => {
    const read = (await get(restaurant, "categories,moreHours")).json as Json;
    expect(read.categories.primaryCategory.moreHoursTypes.map((t: Json) => t.hoursTypeId)).toEqual([
      "DELIVERY",
      "TAKEOUT",
      "HAPPY_HOUR",
      "KITCHEN",
    ]);
    expect(read.categories.additionalCategories[0].moreHoursTypes.map((t: Json) => t.hoursTypeId)).toEqual([
      "BREAKFAST",
      "TAKEOUT",
    ]);
    expect(read.moreHours).toEqual([
      { hoursTypeId: "TAKEOUT", periods: expect.arrayContaining([expect.objectContaining({ openDay: "FRIDAY" })]) },
    ]);
    const full = await callListing(owner, categories.GET, {
      query: { location_id: restaurant, region_code: "US", language_code: "en", filter: "plumber", view: "FULL" },
    });
    expect((full.json as Json).categories[0].moreHoursTypes).toEqual([
      {
        hoursTypeId: "ONLINE_SERVICE_HOURS",
        displayName: "Online service hours",
        localizedDisplayName: "Online service hours",
      },
    ]);
  });

  it("update_hours writes moreHours of the categories' types; a type they do not list is Google's 400 (422 with the field); null clears", async () => {
    const moreHours = [
      { hoursTypeId: "DELIVERY", periods: [friday(17, 22)] },
      { hoursTypeId: "BREAKFAST", periods: [friday(7, 10)] },
    ];
    expect((await send(updateHours.PATCH, restaurant, { fields: ["moreHours"], moreHours })).status).toBe(200);
    expect((await get(restaurant, "moreHours")).json).toEqual({ moreHours });
    const wrong = await send(updateHours.PATCH, plumber, {
      fields: ["moreHours"],
      moreHours: [{ hoursTypeId: "HAPPY_HOUR", periods: [friday(16, 18)] }],
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors).toEqual(
      expect.arrayContaining([expect.stringContaining("location.more_hours[0].hours_type_id")]),
    );
    expect((await send(updateHours.PATCH, restaurant, { fields: ["moreHours"], moreHours: null })).status).toBe(200);
    expect((await get(restaurant, "moreHours,title")).json).not.toHaveProperty("moreHours");
  });
});

describe("sandbox google_business: address and service area", () => {
  it("a storefront address and a service area with named places are written and read back; a place without its id is refused", async () => {
    const storefrontAddress = {
      regionCode: "US",
      addressLines: ["5 Pipe Lane"],
      locality: "Springfield",
      postalCode: "62702",
      administrativeArea: "IL",
    };
    const serviceArea = {
      businessType: "CUSTOMER_AND_BUSINESS_LOCATION",
      regionCode: "US",
      places: { placeInfos: [{ placeName: "Chatham, IL, USA", placeId: "ChIJsandboxChatham" }] },
    };
    expect(
      (
        await send(updateLocation.PATCH, plumber, {
          fields: ["storefrontAddress", "serviceArea"],
          storefrontAddress,
          serviceArea,
        })
      ).status,
    ).toBe(200);
    expect((await get(plumber, "storefrontAddress,serviceArea")).json).toEqual({ storefrontAddress, serviceArea });
    const noId = await send(updateLocation.PATCH, plumber, {
      fields: ["serviceArea"],
      serviceArea: { ...serviceArea, places: { placeInfos: [{ placeName: "Rochester, IL, USA" }] } },
    });
    expect(noId.status).toBe(422);
    expect(noId.json.errors).toEqual(
      expect.arrayContaining([expect.stringContaining("location.service_area.places.place_infos[0]")]),
    );
    const badType = await send(updateLocation.PATCH, plumber, {
      fields: ["serviceArea"],
      serviceArea: { ...serviceArea, businessType: "EVERYWHERE" },
    });
    expect(badType.status).toBe(422);
    expect((await get(plumber, "serviceArea")).json).toEqual({ serviceArea });
  });
});
