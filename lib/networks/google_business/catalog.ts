import { badRequest, unknownParam, type GoogleReply } from "./resources";

// What Google's catalogue says about categories: the category list (categories.list), the attributes each
// category and region takes (attributes.list) and the place action types a location can have
// (placeActionTypeMetadata.list). A small slice of Google's real catalogue, answered by the sandbox's
// simulated Google (sandbox/location.ts, sandbox/extras.ts) and by the tests' Google fake.

type MoreHoursType = { hoursTypeId: string; displayName: string; localizedDisplayName: string };
export type Category = {
  name: string;
  displayName: string;
  food?: boolean;
  serviceTypes?: { serviceTypeId: string; displayName: string }[];
  moreHoursTypes?: MoreHoursType[];
};

// Google's "more hours" types (Location.moreHours[].hoursTypeId), as categories list them.
const hoursType = (hoursTypeId: string, displayName: string): MoreHoursType => ({
  hoursTypeId,
  displayName,
  localizedDisplayName: displayName,
});
const RESTAURANT_HOURS = [
  hoursType("DELIVERY", "Delivery"),
  hoursType("TAKEOUT", "Takeout"),
  hoursType("HAPPY_HOUR", "Happy hours"),
  hoursType("KITCHEN", "Kitchen"),
];
const CAFE_HOURS = [hoursType("BREAKFAST", "Breakfast"), hoursType("TAKEOUT", "Takeout")];
const SERVICE_HOURS = [hoursType("ONLINE_SERVICE_HOURS", "Online service hours")];

export const CATEGORIES: Category[] = [
  {
    name: "categories/gcid:bakery",
    displayName: "Bakery",
    food: true,
    serviceTypes: [{ serviceTypeId: "job_type_id:custom_cakes", displayName: "Custom cakes" }],
  },
  { name: "categories/gcid:bank", displayName: "Bank" },
  { name: "categories/gcid:cafe", displayName: "Cafe", food: true, moreHoursTypes: CAFE_HOURS },
  { name: "categories/gcid:coffee_shop", displayName: "Coffee shop", food: true },
  { name: "categories/gcid:delicatessen", displayName: "Delicatessen", food: true },
  {
    name: "categories/gcid:hair_salon",
    displayName: "Hair salon",
    serviceTypes: [{ serviceTypeId: "job_type_id:haircut", displayName: "Haircut" }],
  },
  {
    name: "categories/gcid:dentist",
    displayName: "Dentist",
    serviceTypes: [{ serviceTypeId: "job_type_id:teeth_whitening", displayName: "Teeth whitening" }],
  },
  {
    name: "categories/gcid:electrician",
    displayName: "Electrician",
    serviceTypes: [{ serviceTypeId: "job_type_id:lighting_installation", displayName: "Lighting installation" }],
  },
  {
    name: "categories/gcid:italian_restaurant",
    displayName: "Italian restaurant",
    food: true,
    serviceTypes: [{ serviceTypeId: "job_type_id:catering", displayName: "Catering" }],
    moreHoursTypes: RESTAURANT_HOURS,
  },
  {
    name: "categories/gcid:pizza_restaurant",
    displayName: "Pizza restaurant",
    food: true,
    serviceTypes: [{ serviceTypeId: "job_type_id:catering", displayName: "Catering" }],
    moreHoursTypes: RESTAURANT_HOURS,
  },
  {
    name: "categories/gcid:plumber",
    displayName: "Plumber",
    serviceTypes: [{ serviceTypeId: "job_type_id:install_water_heater", displayName: "Water heater installation" }],
    moreHoursTypes: SERVICE_HOURS,
  },
];
export const categoryOf = (name: unknown) => CATEGORIES.find((c) => c.name === name);

// The first category of a location's `categories` (primary, then additional) that Google does not know.
export const unknownCategoryIssue = (categories: unknown): GoogleReply | null => {
  const c = categories as
    { primaryCategory?: { name?: string }; additionalCategories?: { name?: string }[] } | undefined;
  if (!categoryOf(c?.primaryCategory?.name))
    return badRequest("location.categories.primary_category.name", "Invalid category");
  const bad = (c?.additionalCategories ?? []).findIndex((a) => !categoryOf(a.name));
  return bad >= 0 ? badRequest(`location.categories.additional_categories[${bad}].name`, "Invalid category") : null;
};

// categories.list's query as Google checks it (unknown parameters, the required regionCode and
// languageCode, the view): the view asked for, or Google's refusal.
export const categoriesListView = (q: URLSearchParams): { view: string } | { refused: GoogleReply } => {
  const refused = unknownParam(q, ["regionCode", "languageCode", "filter", "pageSize", "pageToken", "view"]);
  if (refused) return { refused };
  if (!q.get("regionCode")) return { refused: badRequest("region_code", "Region code is required") };
  if (!q.get("languageCode")) return { refused: badRequest("language_code", "Language code is required") };
  const view = q.get("view") ?? "CATEGORY_VIEW_UNSPECIFIED";
  if (!["CATEGORY_VIEW_UNSPECIFIED", "BASIC", "FULL"].includes(view))
    return {
      refused: badRequest(
        "view",
        `Invalid value at 'view' (type.googleapis.com/google.mybusiness.businessinformation.v1.CategoryView), "${view}"`,
      ),
    };
  return { view };
};

// A category as categories.list answers it: its name alone, or in the FULL view with its service types
// and "more hours" types.
export const listedCategory = (c: Category, view: string) =>
  view === "FULL"
    ? {
        name: c.name,
        displayName: c.displayName,
        serviceTypes: c.serviceTypes ?? [],
        moreHoursTypes: c.moreHoursTypes ?? [],
      }
    : { name: c.name, displayName: c.displayName };

// A location's categories (primary and additional) take their display names from the catalogue, in place.
export const nameCategories = (location: Record<string, unknown>) => {
  const categories = location.categories as
    | {
        primaryCategory?: { name?: string; displayName?: string };
        additionalCategories?: { name?: string; displayName?: string }[];
      }
    | undefined;
  for (const c of [categories?.primaryCategory, ...(categories?.additionalCategories ?? [])])
    if (c) c.displayName = categoryOf(c.name)?.displayName;
};

export type Attribute = {
  parent: string;
  valueType: "BOOL" | "URL" | "REPEATED_ENUM";
  displayName: string;
  groupDisplayName: string;
  food?: boolean; // only for food categories
  regions?: string[]; // only in these regions
  values?: string[]; // REPEATED_ENUM values
};

export const ATTRIBUTES: Attribute[] = [
  { parent: "attributes/has_wifi", valueType: "BOOL", displayName: "Wi-Fi", groupDisplayName: "Amenities" },
  { parent: "attributes/has_restroom", valueType: "BOOL", displayName: "Restroom", groupDisplayName: "Amenities" },
  {
    parent: "attributes/has_delivery",
    valueType: "BOOL",
    displayName: "Delivery",
    groupDisplayName: "Service options",
    food: true,
  },
  {
    parent: "attributes/has_seating_outdoors",
    valueType: "BOOL",
    displayName: "Outdoor seating",
    groupDisplayName: "Service options",
    food: true,
  },
  {
    parent: "attributes/url_menu",
    valueType: "URL",
    displayName: "Menu link",
    groupDisplayName: "Place page URLs",
    food: true,
  },
  {
    parent: "attributes/pay_credit_card_types_accepted",
    valueType: "REPEATED_ENUM",
    displayName: "Credit cards",
    groupDisplayName: "Payments",
    values: ["visa", "mastercard", "american_express"],
  },
  {
    parent: "attributes/is_owned_by_women",
    valueType: "BOOL",
    displayName: "Women-owned",
    groupDisplayName: "From the business",
    regions: ["US", "CA"],
  },
];

// attributes.list's query parameters: a location (parent), or a category and region.
export const ATTRIBUTES_LIST_PARAMS = [
  "parent",
  "categoryName",
  "regionCode",
  "languageCode",
  "showAll",
  "pageSize",
  "pageToken",
];

// What a location with this primary category in this region can set.
export const attributesFor = (category: Category | undefined, region: string | undefined) =>
  ATTRIBUTES.filter(
    (a) => (!a.food || category?.food) && (!a.regions || (region !== undefined && a.regions.includes(region))),
  );

export const attributeMetadata = (a: Attribute) => ({
  parent: a.parent,
  valueType: a.valueType,
  displayName: a.displayName,
  groupDisplayName: a.groupDisplayName,
  repeatable: a.valueType === "REPEATED_ENUM",
  ...(a.values && { valueMetadata: a.values.map((value) => ({ value, displayName: value.replace(/_/g, " ") })) }),
});

const ACTION_NAMES: Record<string, string> = {
  APPOINTMENT: "Appointment",
  ONLINE_APPOINTMENT: "Online appointment",
  DINING_RESERVATION: "Reservation",
  FOOD_ORDERING: "Order online",
  FOOD_DELIVERY: "Delivery",
  FOOD_TAKEOUT: "Takeout",
  SHOP_ONLINE: "Shop online",
};
export const actionTypesFor = (category: Category | undefined) =>
  (category?.food
    ? ["DINING_RESERVATION", "FOOD_ORDERING", "FOOD_DELIVERY", "FOOD_TAKEOUT", "SHOP_ONLINE"]
    : ["APPOINTMENT", "ONLINE_APPOINTMENT", "SHOP_ONLINE"]
  ).map((placeActionType) => ({ placeActionType, displayName: ACTION_NAMES[placeActionType] }));
