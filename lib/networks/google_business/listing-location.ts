import { invalidRequest, unprocessableBy } from "../management";
import type { JsonObject, ListingManagement, ManagedPlacement } from "../types";
import {
  businessInformation,
  googleCall,
  myBusiness,
  namesOf,
  paging,
  requireFlag,
  withQuery,
  type ListingCtx,
  type ListingSettings,
} from "./listing-api";
import { LOCATION_FIELD_NAMES } from "./resources";

// The location resource and what hangs off it (Business Information API v1 `Location`; food menus on
// My Business v4):
//  - location / update_location: GET and PATCH {bi}/locations/{l} with readMask / updateMask. The write
//    pattern maps onto updateMask: every name in `fields` goes into the mask, and a field in the mask
//    that the body leaves out is cleared by Google; nested objects are replaced wholesale.
//  - update_hours: the same PATCH, limited to regularHours, specialHours and moreHours.
//  - available_location_categories: GET {bi}/categories (regionCode, languageCode, filter
//    "displayName=…", view, paging).
//  - service_list / update_service_list: the location's `serviceItems` (v1 replaced the v4 serviceList);
//    the update needs metadata.canModifyServiceList.
//  - food_menus / update_food_menus: GET / PATCH {v4}/{location}/foodMenus; both need
//    metadata.canHaveFoodMenus.

// The spec's default read mask: name, title, website, phones, categories, address, hours, service area,
// service items, labels, latlng, openInfo, profile, metadata.
export const DEFAULT_READ_MASK = [
  "name",
  "title",
  "websiteUri",
  "phoneNumbers",
  "categories",
  "storefrontAddress",
  "regularHours",
  "specialHours",
  "moreHours",
  "serviceArea",
  "serviceItems",
  "labels",
  "latlng",
  "openInfo",
  "profile",
  "metadata",
];
export const PATCHABLE_FIELDS = [
  "title",
  "storeCode",
  "websiteUri",
  "phoneNumbers",
  "categories",
  "storefrontAddress",
  "serviceArea",
  "labels",
  "latlng",
  "openInfo",
  "profile",
];
export const HOURS_FIELDS = ["regularHours", "specialHours", "moreHours"];

const onlyFields = (fields: string[], allowed: string[], where: string) => {
  const other = fields.filter((f) => !allowed.includes(f));
  if (other.length > 0)
    throw unprocessableBy(
      `fields: ${other.join(", ")} cannot be changed with ${where} (allowed: ${allowed.join(", ")})`,
    );
};

const locationUrl = (ctx: ListingCtx, mp: ManagedPlacement, query: Record<string, string>) =>
  withQuery(businessInformation(ctx, `/${namesOf(mp).v1}`), query);

const patchLocation = (ctx: ListingCtx, mp: ManagedPlacement, fields: string[], values: JsonObject) =>
  googleCall(ctx, mp.auth, {
    method: "PATCH",
    url: locationUrl(ctx, mp, { updateMask: fields.join(",") }),
    json: values,
    what: "Location",
  });

const serviceListOf = (location: JsonObject) => ({
  name: location.name,
  serviceItems: Array.isArray(location.serviceItems) ? location.serviceItems : [],
});

type LocationMethods = Pick<
  ListingManagement<ListingSettings>,
  | "getLocation"
  | "updateLocation"
  | "listCategories"
  | "updateHours"
  | "getServiceList"
  | "updateServiceList"
  | "getFoodMenus"
  | "updateFoodMenus"
>;

export const locationMethods: LocationMethods = {
  getLocation: (ctx, { readMask, ...mp }) => {
    const mask = readMask ?? DEFAULT_READ_MASK;
    const unknown = mask.filter((path) => !LOCATION_FIELD_NAMES.includes(path.split(".")[0]!));
    if (unknown.length > 0) throw invalidRequest(`read_mask: ${unknown.join(", ")} is not a field of the location`);
    return googleCall(ctx, mp.auth, {
      url: locationUrl(ctx, mp, { readMask: mask.join(",") }),
      what: "Location",
    });
  },

  updateLocation: (ctx, { fields, values, ...mp }) => {
    onlyFields(fields, PATCHABLE_FIELDS, "update_location (hours: update_hours; services: update_service_list)");
    return patchLocation(ctx, mp, fields, values);
  },

  listCategories: (ctx, { regionCode, languageCode, filter, view, ...q }) => {
    namesOf(q);
    const displayName = filter && !/^displayName\s*=/.test(filter) ? `displayName=${filter}` : filter;
    const url = withQuery(businessInformation(ctx, "/categories"), {
      regionCode,
      languageCode,
      filter: displayName,
      view,
      ...paging(q),
    });
    return googleCall(ctx, q.auth, { url, what: "Categories" });
  },

  updateHours: (ctx, { fields, values, ...mp }) => {
    onlyFields(fields, HOURS_FIELDS, "update_hours");
    return patchLocation(ctx, mp, fields, values);
  },

  getServiceList: async (ctx, mp) =>
    serviceListOf(
      await googleCall(ctx, mp.auth, {
        url: locationUrl(ctx, mp, { readMask: "name,serviceItems" }),
        what: "Location",
      }),
    ),

  updateServiceList: async (ctx, { fields, values, ...mp }) => {
    onlyFields(fields, ["serviceItems"], "update_service_list");
    await requireFlag(ctx, mp, "canModifyServiceList", "its service list cannot be changed");
    return serviceListOf(await patchLocation(ctx, mp, fields, values));
  },

  getFoodMenus: async (ctx, mp) => {
    await requireFlag(ctx, mp, "canHaveFoodMenus", "it cannot have food menus");
    return googleCall(ctx, mp.auth, {
      url: myBusiness(ctx, `${namesOf(mp).v4}/foodMenus`),
      what: "Food menus",
    });
  },

  updateFoodMenus: async (ctx, { fields, values, ...mp }) => {
    onlyFields(fields, ["menus"], "update_food_menus");
    await requireFlag(ctx, mp, "canHaveFoodMenus", "it cannot have food menus");
    const name = `${namesOf(mp).v4}/foodMenus`;
    const url = withQuery(myBusiness(ctx, name), {
      updateMask: fields.join(","),
    });
    return googleCall(ctx, mp.auth, {
      method: "PATCH",
      url,
      json: { name, ...values },
      what: "Food menus",
    });
  },
};
