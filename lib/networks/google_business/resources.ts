import { MEDIA_CATEGORIES } from "./media-categories";

export { MEDIA_CATEGORIES };

// Google's published request resources of the Business Profile APIs, field by field, from Google's
// discovery documents (mybusinessbusinessinformation v1: Location, Attributes; mybusinessplaceactions v1:
// PlaceActionLink) and the My Business v4 reference (FoodMenus, MediaItem, which have no discovery
// document). `check` answers what Google's front end answers to a body that does not fit: 400
// INVALID_ARGUMENT "Invalid JSON payload received. Unknown name …" for a field the resource does not
// have, "Invalid value at …" for a wrong type or an enum value it does not know. The contract is checked
// in two places: the sandbox's simulated Google (lib/networks/google_business/sandbox) and the test fake
// (testing/fakes), so a request the real API would refuse fails there as it would in production.

export type GoogleReply = { status: number; body: unknown; headers?: Record<string, string> };
type Reply = GoogleReply;

// Google's API error object: {"error":{code,message,status,details:[…]}}.
export const googleError = (code: number, status: string, message: string, details: unknown[] = []): Reply => ({
  status: code,
  body: { error: { code, message, status, details } },
});

type T =
  | "string"
  | "boolean"
  | "integer"
  | "number"
  | "any"
  | { enum: string; values: string[] }
  | { ref: string }
  | { items: T };
const ref = (name: string): T => ({ ref: name });
const list = (t: T): T => ({ items: t });
const en = (type: string, values: string[]): T => ({ enum: type, values });

const DAYS = en("google.type.DayOfWeek", [
  "DAY_OF_WEEK_UNSPECIFIED",
  "MONDAY",
  "TUESDAY",
  "WEDNESDAY",
  "THURSDAY",
  "FRIDAY",
  "SATURDAY",
  "SUNDAY",
]);
const BI = "google.mybusiness.businessinformation.v1";
const V4 = "google.mybusiness.v4";

const food = (name: string, values: string[]) => en(`${V4}.${name}`, values);

const SCHEMAS: Record<string, Record<string, T>> = {
  Location: {
    name: "string",
    languageCode: "string",
    storeCode: "string",
    title: "string",
    phoneNumbers: ref("PhoneNumbers"),
    categories: ref("Categories"),
    storefrontAddress: ref("PostalAddress"),
    websiteUri: "string",
    regularHours: ref("BusinessHours"),
    specialHours: ref("SpecialHours"),
    serviceArea: ref("ServiceAreaBusiness"),
    labels: list("string"),
    adWordsLocationExtensions: ref("AdWordsLocationExtensions"),
    latlng: ref("LatLng"),
    openInfo: ref("OpenInfo"),
    metadata: ref("Metadata"),
    profile: ref("Profile"),
    relationshipData: ref("RelationshipData"),
    moreHours: list(ref("MoreHours")),
    serviceItems: list(ref("ServiceItem")),
  },
  PhoneNumbers: { primaryPhone: "string", additionalPhones: list("string") },
  Categories: { primaryCategory: ref("Category"), additionalCategories: list(ref("Category")) },
  Category: {
    name: "string",
    displayName: "string",
    serviceTypes: list(ref("ServiceType")),
    moreHoursTypes: list(ref("MoreHoursType")),
  },
  ServiceType: { serviceTypeId: "string", displayName: "string" },
  MoreHoursType: { hoursTypeId: "string", displayName: "string", localizedDisplayName: "string" },
  PostalAddress: {
    revision: "integer",
    regionCode: "string",
    languageCode: "string",
    postalCode: "string",
    sortingCode: "string",
    administrativeArea: "string",
    locality: "string",
    sublocality: "string",
    addressLines: list("string"),
    recipients: list("string"),
    organization: "string",
  },
  BusinessHours: { periods: list(ref("TimePeriod")) },
  TimePeriod: { openDay: DAYS, openTime: ref("TimeOfDay"), closeDay: DAYS, closeTime: ref("TimeOfDay") },
  TimeOfDay: { hours: "integer", minutes: "integer", seconds: "integer", nanos: "integer" },
  SpecialHours: { specialHourPeriods: list(ref("SpecialHourPeriod")) },
  SpecialHourPeriod: {
    startDate: ref("Date"),
    openTime: ref("TimeOfDay"),
    endDate: ref("Date"),
    closeTime: ref("TimeOfDay"),
    closed: "boolean",
  },
  Date: { year: "integer", month: "integer", day: "integer" },
  MoreHours: { hoursTypeId: "string", periods: list(ref("TimePeriod")) },
  ServiceAreaBusiness: {
    businessType: en(`${BI}.ServiceAreaBusiness.BusinessType`, [
      "BUSINESS_TYPE_UNSPECIFIED",
      "CUSTOMER_LOCATION_ONLY",
      "CUSTOMER_AND_BUSINESS_LOCATION",
    ]),
    places: ref("Places"),
    regionCode: "string",
  },
  Places: { placeInfos: list(ref("PlaceInfo")) },
  PlaceInfo: { placeName: "string", placeId: "string" },
  AdWordsLocationExtensions: { adPhone: "string" },
  LatLng: { latitude: "number", longitude: "number" },
  OpenInfo: {
    status: en(`${BI}.OpenInfo.OpenForBusiness`, [
      "OPEN_FOR_BUSINESS_UNSPECIFIED",
      "OPEN",
      "CLOSED_PERMANENTLY",
      "CLOSED_TEMPORARILY",
    ]),
    canReopen: "boolean",
    openingDate: ref("Date"),
  },
  Metadata: {
    hasGoogleUpdated: "boolean",
    hasPendingEdits: "boolean",
    canDelete: "boolean",
    canOperateLocalPost: "boolean",
    canModifyServiceList: "boolean",
    canHaveFoodMenus: "boolean",
    canOperateHealthData: "boolean",
    canOperateLodgingData: "boolean",
    placeId: "string",
    duplicateLocation: "string",
    mapsUri: "string",
    newReviewUri: "string",
    canHaveBusinessCalls: "boolean",
    hasVoiceOfMerchant: "boolean",
  },
  Profile: { description: "string" },
  RelationshipData: {
    parentLocation: ref("RelevantLocation"),
    childrenLocations: list(ref("RelevantLocation")),
    parentChain: "string",
  },
  RelevantLocation: {
    placeId: "string",
    relationType: en(`${BI}.RelevantLocation.RelationType`, [
      "RELATION_TYPE_UNSPECIFIED",
      "DEPARTMENT_OF",
      "INDEPENDENT_ESTABLISHMENT_IN",
    ]),
  },
  ServiceItem: {
    structuredServiceItem: ref("StructuredServiceItem"),
    freeFormServiceItem: ref("FreeFormServiceItem"),
    price: ref("Money"),
  },
  StructuredServiceItem: { serviceTypeId: "string", description: "string" },
  FreeFormServiceItem: { category: "string", label: ref("Label") },
  Label: { displayName: "string", description: "string", languageCode: "string" },
  Money: { currencyCode: "string", units: "integer", nanos: "integer" }, // units is an int64: a JSON string or number
  Attributes: { name: "string", attributes: list(ref("Attribute")) },
  Attribute: {
    name: "string",
    valueType: en(`${BI}.AttributeMetadata.AttributeValueType`, [
      "ATTRIBUTE_VALUE_TYPE_UNSPECIFIED",
      "BOOL",
      "ENUM",
      "URL",
      "REPEATED_ENUM",
    ]),
    values: list("any"),
    repeatedEnumValue: ref("RepeatedEnumAttributeValue"),
    uriValues: list(ref("UriAttributeValue")),
  },
  RepeatedEnumAttributeValue: { setValues: list("string"), unsetValues: list("string") },
  UriAttributeValue: { uri: "string" },
  PlaceActionLink: {
    name: "string",
    providerType: en("google.mybusiness.placeactions.v1.PlaceActionLink.ProviderType", [
      "PROVIDER_TYPE_UNSPECIFIED",
      "MERCHANT",
      "AGGREGATOR_3P",
    ]),
    isEditable: "boolean",
    uri: "string",
    isPreferred: "boolean",
    createTime: "string",
    updateTime: "string",
    placeActionType: en("google.mybusiness.placeactions.v1.PlaceActionType", [
      "PLACE_ACTION_TYPE_UNSPECIFIED",
      "APPOINTMENT",
      "ONLINE_APPOINTMENT",
      "DINING_RESERVATION",
      "FOOD_ORDERING",
      "FOOD_DELIVERY",
      "FOOD_TAKEOUT",
      "SHOP_ONLINE",
      "SOLOPRENEUR_APPOINTMENT",
    ]),
  },
  FoodMenus: { name: "string", menus: list(ref("FoodMenu")) },
  FoodMenu: {
    labels: list(ref("MenuLabel")),
    sourceUrl: "string",
    sections: list(ref("FoodMenuSection")),
    cuisines: list(
      food("FoodMenu.Cuisine", [
        "CUISINE_UNSPECIFIED",
        "AMERICAN",
        "ASIAN",
        "BRAZILIAN",
        "BREAK_FAST",
        "BRUNCH",
        "CHICKEN",
        "CHINESE",
        "FAMILY",
        "FAST_FOOD",
        "FRENCH",
        "GREEK",
        "GERMAN",
        "HAMBURGER",
        "INDIAN",
        "INDONESIAN",
        "ITALIAN",
        "JAPANESE",
        "KOREAN",
        "LATIN_AMERICAN",
        "MEDITERRANEAN",
        "MEXICAN",
        "PAKISTANI",
        "PIZZA",
        "SEAFOOD",
        "SPANISH",
        "SUSHI",
        "THAI",
        "TURKISH",
        "VEGETARIAN",
        "VIETNAMESE",
        "OTHER_CUISINE",
      ]),
    ),
  },
  MenuLabel: { displayName: "string", description: "string", languageCode: "string" },
  FoodMenuSection: { labels: list(ref("MenuLabel")), items: list(ref("FoodMenuItem")) },
  FoodMenuItem: {
    labels: list(ref("MenuLabel")),
    attributes: ref("FoodMenuItemAttributes"),
    options: list(ref("FoodMenuItemOption")),
  },
  FoodMenuItemOption: { labels: list(ref("MenuLabel")), attributes: ref("FoodMenuItemAttributes") },
  FoodMenuItemAttributes: {
    price: ref("Money"),
    spiciness: food("FoodMenuItemAttributes.Spiciness", ["SPICINESS_UNSPECIFIED", "MILD", "MEDIUM", "HOT"]),
    allergen: list(
      food("FoodMenuItemAttributes.Allergen", [
        "ALLERGEN_UNSPECIFIED",
        "DAIRY",
        "EGG",
        "FISH",
        "PEANUT",
        "SHELLFISH",
        "SOY",
        "TREE_NUT",
        "WHEAT",
      ]),
    ),
    dietaryRestriction: list(
      food("FoodMenuItemAttributes.DietaryRestriction", [
        "DIETARY_RESTRICTION_UNSPECIFIED",
        "HALAL",
        "KOSHER",
        "ORGANIC",
        "VEGAN",
        "VEGETARIAN",
      ]),
    ),
    servesNumPeople: "integer",
    ingredients: list(ref("Ingredient")),
    mediaKeys: list("string"),
    portionSize: ref("PortionSize"),
    preparationMethods: list(
      food("FoodMenuItemAttributes.PreparationMethod", [
        "PREPARATION_METHOD_UNSPECIFIED",
        "BAKED",
        "BARBECUED",
        "BASTED",
        "BLANCHED",
        "BOILED",
        "BRAISED",
        "CODDLED",
        "FERMENTED",
        "FRIED",
        "GRILLED",
        "KNEADED",
        "MARINATED",
        "PAN_FRIED",
        "PICKLED",
        "PRESSURE_COOKED",
        "ROASTED",
        "SAUTEED",
        "SEARED",
        "SIMMERED",
        "SMOKED",
        "STEAMED",
        "STEEPED",
        "STIR_FRIED",
        "OTHER_METHOD",
      ]),
    ),
  },
  Ingredient: { labels: list(ref("MenuLabel")) },
  PortionSize: { quantity: "integer", unit: list(ref("MenuLabel")) },
  MediaItem: {
    name: "string",
    mediaFormat: en(`${V4}.MediaItem.MediaFormat`, ["MEDIA_FORMAT_UNSPECIFIED", "PHOTO", "VIDEO"]),
    locationAssociation: ref("LocationAssociation"),
    googleUrl: "string",
    thumbnailUrl: "string",
    createTime: "string",
    dimensions: ref("Dimensions"),
    insights: ref("MediaInsights"),
    attribution: ref("Attribution"),
    description: "string",
    sourceUrl: "string",
    dataRef: ref("MediaItemDataRef"),
  },
  LocationAssociation: {
    category: en(`${V4}.LocationAssociation.Category`, ["CATEGORY_UNSPECIFIED", ...MEDIA_CATEGORIES]),
    priceListItemId: "string",
  },
  Dimensions: { widthPixels: "integer", heightPixels: "integer" },
  MediaInsights: { viewCount: "string" },
  Attribution: { profileName: "string", profilePhotoUrl: "string", takedownUrl: "string", profileUrl: "string" },
  MediaItemDataRef: { resourceName: "string" },
};

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const at = (path: string, key: string) => `${path}.${snake(key)}`;

export const badRequest = (field: string, message: string): Reply =>
  googleError(400, "INVALID_ARGUMENT", message, [
    { "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: [{ field, description: message }] },
  ]);

const typeOk = (t: "string" | "boolean" | "integer" | "number", v: unknown) =>
  t === "string"
    ? typeof v === "string"
    : t === "boolean"
      ? typeof v === "boolean"
      : t === "integer"
        ? Number.isInteger(typeof v === "string" ? Number(v) : v)
        : typeof v === "number";

const checkValue = (t: T, value: unknown, path: string): Reply | null => {
  if (value === null) return null;
  if (t === "any") return null;
  if (typeof t === "string")
    return typeOk(t, value)
      ? null
      : badRequest(path, `Invalid value at '${path}' (TYPE_${t.toUpperCase()}), ${JSON.stringify(value)}`);
  if ("enum" in t)
    return typeof value === "string" && t.values.includes(value)
      ? null
      : badRequest(path, `Invalid value at '${path}' (type.googleapis.com/${t.enum}), ${JSON.stringify(value)}`);
  if ("items" in t) {
    if (!Array.isArray(value)) return badRequest(path, `Invalid value at '${path}': expected a list`);
    for (const [i, item] of value.entries()) {
      const issue = checkValue(t.items, item, `${path}[${i}]`);
      if (issue) return issue;
    }
    return null;
  }
  return check(t.ref, value, path);
};

// The first thing about `value` that does not fit the resource `schema`, as Google answers it.
export const check = (schema: string, value: unknown, path: string): Reply | null => {
  const fields = SCHEMAS[schema]!;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return badRequest(path, `Invalid value at '${path}': expected ${schema}`);
  for (const [key, v] of Object.entries(value)) {
    const t = fields[key];
    if (!t)
      return badRequest(path, `Invalid JSON payload received. Unknown name "${key}" at '${path}': Cannot find field.`);
    const issue = checkValue(t, v, at(path, key));
    if (issue) return issue;
  }
  return null;
};

export const LOCATION_FIELD_NAMES = Object.keys(SCHEMAS.Location!);

// The standard query parameters every Google API method takes (system parameters).
export const STANDARD_PARAMS: readonly string[] = [
  "$.xgafv",
  "access_token",
  "alt",
  "callback",
  "fields",
  "key",
  "oauth_token",
  "prettyPrint",
  "quotaUser",
  "uploadType",
  "upload_protocol",
];
// A query parameter the method does not have.
export const unknownParam = (query: URLSearchParams, allowed: string[]): Reply | null => {
  const name = [...query.keys()].find((k) => !allowed.includes(k) && !STANDARD_PARAMS.includes(k));
  return name
    ? badRequest(
        name,
        `Invalid JSON payload received. Unknown name "${name}": Cannot bind query parameter. Field '${name}' could not be found in request message.`,
      )
    : null;
};
