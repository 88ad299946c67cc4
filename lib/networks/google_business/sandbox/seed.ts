import { digits, type SandboxAccount } from "../../sandbox/simulated";
import type { Json } from "../../sandbox/management/wire";

// What a sandbox google_business account's locations hold before anyone edits them (accounts.ts lists
// them as placements): a restaurant with categories, hours (takeout hours among its more hours), attributes, a service list, food menus,
// place action links and photos, where every section can be edited; and a plumber whose service list
// Google manages (canModifyServiceList false) and that cannot have food menus, so the gates answer.
// The state of a location lives in the profile's connector store from its first edit on (server.ts).

export type LocationState = {
  location: Json; // Business Information v1 Location
  attributes: Json[]; // Attribute resources
  menus: Json[]; // v4 FoodMenu resources
  links: Json[]; // PlaceActionLink resources
  media: Json[]; // v4 MediaItem resources
  edits: number[]; // times of the edits of the last minute (Google's per-location quota)
};

const label = (displayName: string) => ({ displayName, languageCode: "en" });
const period = (day: string, open: number, close: number) => ({
  openDay: day,
  openTime: { hours: open, minutes: 30 },
  closeDay: day,
  closeTime: { hours: close },
});
const photo = (location: string, id: string, category: string, description: string, createTime: string) => ({
  name: `${location}/media/${id}`,
  mediaFormat: "PHOTO",
  locationAssociation: { category },
  googleUrl: `https://sandbox.invalid/google_business/media/${id}.jpg`,
  thumbnailUrl: `https://sandbox.invalid/google_business/media/${id}-thumb.jpg`,
  createTime,
  dimensions: { widthPixels: 1600, heightPixels: 1200 },
  insights: { viewCount: "240" },
  description,
});

const restaurant = (account: SandboxAccount, d: string): LocationState => {
  const v1 = `locations/${d}1`;
  const v4 = `accounts/${d}/${v1}`;
  const italian = "categories/gcid:italian_restaurant";
  return {
    location: {
      name: v1,
      languageCode: "en",
      storeCode: "MAIN-1",
      title: `${account.name} (Main Street)`,
      phoneNumbers: { primaryPhone: "+1 217-555-0100", additionalPhones: ["+1 217-555-0101"] },
      categories: {
        primaryCategory: { name: italian, displayName: "Italian restaurant" },
        additionalCategories: [{ name: "categories/gcid:cafe", displayName: "Cafe" }],
      },
      storefrontAddress: {
        regionCode: "US",
        languageCode: "en",
        postalCode: "62701",
        administrativeArea: "IL",
        locality: "Springfield",
        addressLines: ["100 Main Street"],
      },
      websiteUri: "https://example.com/main-street",
      regularHours: {
        periods: ["TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"].map((day) => period(day, 11, 22)),
      },
      specialHours: {
        specialHourPeriods: [
          { startDate: { year: 2026, month: 12, day: 25 }, endDate: { year: 2026, month: 12, day: 25 }, closed: true },
        ],
      },
      moreHours: [{ hoursTypeId: "TAKEOUT", periods: ["FRIDAY", "SATURDAY"].map((day) => period(day, 12, 21)) }],
      latlng: { latitude: 39.7817, longitude: -89.6501 },
      openInfo: { status: "OPEN", canReopen: true, openingDate: { year: 2012, month: 5, day: 1 } },
      profile: { description: "Fresh pasta and wood-fired pizza on Main Street since 2012." },
      labels: ["sandbox"],
      serviceItems: [
        { structuredServiceItem: { serviceTypeId: "job_type_id:catering", description: "Trays for 10 to 100 guests" } },
        {
          freeFormServiceItem: { category: italian, label: label("Private dining room") },
          price: { currencyCode: "USD", units: "150" },
        },
      ],
      metadata: {
        canModifyServiceList: true,
        canHaveFoodMenus: true,
        canDelete: true,
        canOperateLocalPost: true,
        hasVoiceOfMerchant: true,
        placeId: `ChIJsandbox${d}`,
        mapsUri: `https://maps.google.com/maps?cid=${d}1`,
        newReviewUri: `https://search.google.com/local/writereview?placeid=ChIJsandbox${d}`,
      },
    },
    attributes: [
      { name: "attributes/has_wifi", valueType: "BOOL", values: [true] },
      { name: "attributes/has_seating_outdoors", valueType: "BOOL", values: [true] },
      {
        name: "attributes/pay_credit_card_types_accepted",
        valueType: "REPEATED_ENUM",
        repeatedEnumValue: { setValues: ["visa", "mastercard"] },
      },
      { name: "attributes/url_menu", valueType: "URL", uriValues: [{ uri: "https://example.com/main-street/menu" }] },
    ],
    menus: [
      {
        labels: [label("Dinner")],
        cuisines: ["ITALIAN", "PIZZA"],
        sections: [
          {
            labels: [label("Pasta")],
            items: [
              {
                labels: [label("Tagliatelle al ragù")],
                attributes: { price: { currencyCode: "USD", units: "18" }, allergen: ["WHEAT", "EGG"] },
              },
              {
                labels: [label("Spaghetti aglio e olio")],
                attributes: { price: { currencyCode: "USD", units: "14" }, dietaryRestriction: ["VEGAN"] },
              },
            ],
          },
          {
            labels: [label("Pizza")],
            items: [
              {
                labels: [label("Margherita")],
                attributes: {
                  price: { currencyCode: "USD", units: "15", nanos: 500000000 },
                  dietaryRestriction: ["VEGETARIAN"],
                },
              },
            ],
          },
        ],
      },
    ],
    links: [
      {
        name: `${v1}/placeActionLinks/sbx${d}r`,
        uri: "https://example.com/main-street/reserve",
        placeActionType: "DINING_RESERVATION",
        isPreferred: true,
        isEditable: true,
        providerType: "MERCHANT",
        createTime: "2026-01-10T12:00:00Z",
        updateTime: "2026-01-10T12:00:00Z",
      },
    ],
    media: [
      photo(v4, `sbx${d}c`, "COVER", "The dining room", "2026-01-10T12:00:00Z"),
      photo(v4, `sbx${d}f`, "FOOD_AND_DRINK", "Margherita from the wood oven", "2026-01-11T12:00:00Z"),
    ],
    edits: [],
  };
};

const plumber = (account: SandboxAccount, d: string): LocationState => {
  const v1 = `locations/${d}2`;
  return {
    location: {
      name: v1,
      languageCode: "en",
      storeCode: "PLUMB-1",
      title: `${account.name} Plumbing`,
      phoneNumbers: { primaryPhone: "+1 217-555-0142" },
      categories: { primaryCategory: { name: "categories/gcid:plumber", displayName: "Plumber" } },
      serviceArea: {
        businessType: "CUSTOMER_LOCATION_ONLY",
        regionCode: "US",
        places: { placeInfos: [{ placeName: "Springfield, IL, USA", placeId: "ChIJsandboxSpringfield" }] },
      },
      websiteUri: "https://example.com/plumbing",
      regularHours: {
        periods: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"].map((day) => period(day, 7, 17)),
      },
      openInfo: { status: "OPEN", canReopen: true },
      profile: { description: "Leaks, drains and water heaters across Springfield." },
      serviceItems: [{ structuredServiceItem: { serviceTypeId: "job_type_id:install_water_heater" } }],
      metadata: {
        canModifyServiceList: false,
        canHaveFoodMenus: false,
        canDelete: true,
        canOperateLocalPost: true,
        hasVoiceOfMerchant: true,
        placeId: `ChIJsandbox${d}p`,
        mapsUri: `https://maps.google.com/maps?cid=${d}2`,
      },
    },
    attributes: [{ name: "attributes/is_owned_by_women", valueType: "BOOL", values: [true] }],
    menus: [],
    links: [
      {
        name: `${v1}/placeActionLinks/sbx${d}a`,
        uri: "https://example.com/plumbing/book",
        placeActionType: "APPOINTMENT",
        isPreferred: false,
        isEditable: true,
        providerType: "MERCHANT",
        createTime: "2026-01-10T12:00:00Z",
        updateTime: "2026-01-10T12:00:00Z",
      },
    ],
    media: [],
    edits: [],
  };
};

// The location `v1` (locations/{id}) of the account as first seeded, or null when the account has no
// such location.
export const seededLocation = (account: SandboxAccount, v1: string): LocationState | null => {
  const d = digits(account.id, 8);
  if (v1 === `locations/${d}1`) return restaurant(account, d);
  if (v1 === `locations/${d}2`) return plumber(account, d);
  return null;
};

export const accountIdOf = (account: SandboxAccount) => digits(account.id, 8);
