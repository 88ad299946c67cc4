import type { z } from "zod";
import { ZProfileParams } from "@/lib/schemas/profiles";
import {
  ZCategoriesQuery,
  ZCreateMediaBody,
  ZCreatePlaceActionLinkBody,
  ZDeletedItem,
  ZFieldsWriteBody,
  ZGoogleResource,
  ZItemQuery,
  ZLanguagePagedQuery,
  ZLocationOnlyQuery,
  ZLocationQuery,
  ZPagedLocationQuery,
  ZPlaceActionLinksQuery,
  ZReplaceBody,
  ZUpdateAttributesBody,
  ZUpdatePlaceActionLinkBody,
} from "@/lib/schemas/listings";
import { ZErrorBody, ZValidationErrorBody } from "@/lib/schemas/common";
import { defineEndpoint, type EndpointDef, type HttpMethod, type Responses } from "./define";
import { R400, R401, R404 } from "./responses";

// Google business management: 19 endpoints under
// /api/profiles/{id}/google_business/. Request and response bodies are Google's resources unchanged
// (Business Information v1 Location, Attributes, categories; Place Actions v1 links; My Business v4
// food menus and media).

const tag = "Google business";
const ERRORS = {
  ...R400,
  ...R401,
  ...R404,
  422: {
    description:
      "Not a google_business profile, a gate (canModifyServiceList, canHaveFoodMenus, unavailable attributes or action types), the connection needs re-authentication, or Google refused the values (with error_details)",
    schema: ZValidationErrorBody,
  },
  429: {
    description: "Google's quota (about 10 edits a minute per location): retry after the Retry-After header",
    schema: ZErrorBody,
  },
  502: { description: "Google did not answer or failed", schema: ZErrorBody },
} satisfies Responses;
const COMMON =
  "`location_id` (the full accounts/{a}/locations/{l} placement path) is required: 400 without it, 404 when the profile cannot reach it (another group's location answers the same).";

// The success response: Google's resource (or `response`), 201 when `created`.
type GbResponses<R extends z.ZodType, C extends boolean> = {
  [S in C extends true ? 201 : 200]: { description: string; schema: R };
} & typeof ERRORS;

const gb = <
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = typeof ZGoogleResource,
  C extends boolean = false,
>(
  operationId: string,
  method: HttpMethod,
  suffix: string,
  summary: string,
  io: { query?: Q; body?: B; description?: string; created?: C; response?: R; multipart?: boolean },
) =>
  defineEndpoint({
    operationId,
    method,
    path: `/api/profiles/{id}/google_business/${suffix}`,
    tag,
    summary,
    description: [COMMON, io.description].filter(Boolean).join(" "),
    auth: "apiKey",
    params: ZProfileParams,
    ...(io.query && { query: io.query }),
    ...(io.body && { body: io.body }),
    ...(method !== "GET" && { idempotent: true }),
    ...(io.multipart && { multipart: true }),
    responses: {
      [io.created ? 201 : 200]: { description: "Google's answer", schema: io.response ?? ZGoogleResource },
      ...ERRORS,
    },
  }) as EndpointDef<typeof ZProfileParams, Q, B, GbResponses<R, C>>;

const WRITE =
  "Every name in `fields` must be a key of the body (400 otherwise); null clears the field, any other value replaces it wholesale.";

export const getLocation = gb("getGoogleBusinessLocation", "GET", "location", "Get the location resource", {
  query: ZLocationQuery,
  description:
    "`read_mask`: comma-separated Location fields (default: name, title, websiteUri, phoneNumbers, categories, storefrontAddress, regularHours, specialHours, moreHours, serviceArea, serviceItems, labels, latlng, openInfo, profile, metadata).",
});
export const updateLocation = gb("updateGoogleBusinessLocation", "PATCH", "update_location", "Update location fields", {
  body: ZFieldsWriteBody,
  description: `Patchable: title, storeCode, websiteUri, phoneNumbers, categories (resource names such as categories/gcid:bakery), storefrontAddress, serviceArea, labels, latlng, openInfo, profile. ${WRITE} Returns the updated Location.`,
});
export const listCategories = gb(
  "listGoogleBusinessCategories",
  "GET",
  "available_location_categories",
  "List valid categories",
  {
    query: ZCategoriesQuery,
    description:
      "`region_code` (required), `language_code` (default en), `filter` (display name prefix), `view` (BASIC or FULL), `page_size` (1-100, default 100), `page_token`. Answers {categories, nextPageToken}.",
  },
);
export const updateHours = gb(
  "updateGoogleBusinessHours",
  "PATCH",
  "update_hours",
  "Update regular, special or more hours",
  {
    body: ZFieldsWriteBody,
    description: `\`fields\`: regularHours, specialHours, moreHours (Google's BusinessHours, SpecialHours, MoreHours). ${WRITE} Returns the updated Location.`,
  },
);
export const getAttributes = gb("getGoogleBusinessAttributes", "GET", "attributes", "Get the location's attributes", {
  query: ZLocationOnlyQuery,
});
export const listAvailableAttributes = gb(
  "listGoogleBusinessAvailableAttributes",
  "GET",
  "available_attributes",
  "Attributes the location can set",
  {
    query: ZPagedLocationQuery,
    description:
      "Google's attribute metadata for the location's category and region: {attributeMetadata, nextPageToken}.",
  },
);
export const updateAttributes = gb(
  "updateGoogleBusinessAttributes",
  "PATCH",
  "update_attributes",
  "Update attributes",
  {
    body: ZUpdateAttributesBody,
    description:
      "`fields` names the attributes written; `attributes` holds their new values (Google's Attribute). An attribute named without an entry is removed. Attributes the location's category and region do not take: 422 naming them.",
  },
);
export const getServiceList = gb("getGoogleBusinessServiceList", "GET", "service_list", "Get the service list", {
  query: ZLocationOnlyQuery,
  description: "{name, serviceItems}.",
});
export const updateServiceList = gb(
  "updateGoogleBusinessServiceList",
  "PATCH",
  "update_service_list",
  "Replace the service list",
  {
    body: ZReplaceBody,
    description:
      "`serviceItems` (Google's ServiceItem list) replaces the list; `fields` defaults to [serviceItems]. Needs metadata.canModifyServiceList (422 naming it).",
  },
);
export const getFoodMenus = gb("getGoogleBusinessFoodMenus", "GET", "food_menus", "Get food menus", {
  query: ZLocationOnlyQuery,
  description: "Google's FoodMenus. Needs metadata.canHaveFoodMenus (422 naming it).",
});
export const updateFoodMenus = gb("updateGoogleBusinessFoodMenus", "PATCH", "update_food_menus", "Replace food menus", {
  body: ZReplaceBody,
  description:
    "`menus` (Google's FoodMenu list) replaces the menus; `fields` defaults to [menus]. Needs metadata.canHaveFoodMenus (422 naming it).",
});
export const listPlaceActionLinks = gb(
  "listGoogleBusinessPlaceActionLinks",
  "GET",
  "place_action_links",
  "List place action links",
  {
    query: ZPlaceActionLinksQuery,
    description: "{placeActionLinks, nextPageToken}.",
  },
);
export const listPlaceActionTypes = gb(
  "listGoogleBusinessPlaceActionTypes",
  "GET",
  "available_place_action_types",
  "Place action types the location accepts",
  {
    query: ZLanguagePagedQuery,
    description: "{placeActionTypeMetadata, nextPageToken}.",
  },
);
export const createPlaceActionLink = gb(
  "createGoogleBusinessPlaceActionLink",
  "POST",
  "create_place_action_link",
  "Create a place action link",
  {
    body: ZCreatePlaceActionLinkBody,
    created: true,
    description:
      "`uri`, `placeActionType` (one the location accepts, else 422), `isPreferred`. Returns the PlaceActionLink.",
  },
);
export const updatePlaceActionLink = gb(
  "updateGoogleBusinessPlaceActionLink",
  "PATCH",
  "update_place_action_link",
  "Update a place action link",
  {
    body: ZUpdatePlaceActionLinkBody,
    description: `\`name\` (locations/{l}/placeActionLinks/{id}) and \`fields\` among uri, placeActionType, isPreferred. ${WRITE}`,
  },
);
export const deletePlaceActionLink = gb(
  "deleteGoogleBusinessPlaceActionLink",
  "DELETE",
  "delete_place_action_link",
  "Delete a place action link",
  {
    query: ZItemQuery,
    response: ZDeletedItem,
    description: "`name`: the link's resource name.",
  },
);
export const listMedia = gb("listGoogleBusinessMedia", "GET", "media", "List the location's photos and videos", {
  query: ZPagedLocationQuery,
  description: "{mediaItems, totalMediaItemCount, nextPageToken}.",
});
export const createMedia = gb("createGoogleBusinessMedia", "POST", "create_media", "Add a photo or video", {
  body: ZCreateMediaBody,
  created: true,
  multipart: true,
  description:
    "Google's MediaItem: `mediaFormat` (PHOTO, VIDEO), `locationAssociation.category` (COVER, PROFILE, EXTERIOR, …), `sourceUrl`, `description`. Or multipart (`locationAssociation[category]`) with a `file` part instead of `sourceUrl`: the file is stored like a post's media and Google fetches it from this server's public media URL.",
});
export const deleteMedia = gb("deleteGoogleBusinessMedia", "DELETE", "delete_media", "Delete a media item", {
  query: ZItemQuery,
  response: ZDeletedItem,
  description: "`name`: the media item's resource name (accounts/{a}/locations/{l}/media/{m}).",
});
