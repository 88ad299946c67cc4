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
