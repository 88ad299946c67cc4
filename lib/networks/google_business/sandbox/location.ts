import { isObject, ok, type Json, type SimReply as Reply, type SimRequest } from "../../sandbox/management/wire";
import {
  attributeMetadata,
  attributesFor,
  ATTRIBUTES_LIST_PARAMS,
  categoriesListView,
  categoryOf,
  CATEGORIES,
  listedCategory,
  nameCategories,
  unknownCategoryIssue,
  type Category,
} from "../catalog";
import {
  applyReadMask,
  applyUpdateMask,
  attributeUpdate,
  foodMenusPatch,
  primaryOf,
  regionOf,
  updatedAttributes,
  updateMaskFields,
} from "../location-masks";
import { badRequest, check, googleError, precondition, unknownParam } from "./resources";
import type { LocationState } from "./seed";

// The sandbox's Business Information v1 and My Business v4 food menus, as Google answers them:
// locations.get / patch (readMask, updateMask: a masked field the body leaves out is cleared; nested
// objects replaced), categories.list, locations.getAttributes / updateAttributes (attributeMask) and
// attributes.list (by the location's category and region), foodMenus get / patch. Bodies are checked
// against Google's resources (resources.ts); service items need canModifyServiceList, food menus
// canHaveFoodMenus. Writes count against Google's quota of 10 edits a minute per location.
// Each handler gets the location's state and says whether it changed it (server.ts stores it).

export type Handled = { reply: Reply; changed?: boolean };
const EDITS_PER_MINUTE = 10;

export const pageOf = <T>(items: T[], url: URL, key: string, byDefault: number, max: number): Reply => {
  const size = Number(url.searchParams.get("pageSize") ?? byDefault);
  if (!Number.isInteger(size) || size < 1 || size > max)
    return badRequest("page_size", `Page size must be between 1 and ${max}`);
  const offset = Number(url.searchParams.get("pageToken")?.replace(/^p/, "") ?? 0);
  if (!Number.isInteger(offset) || offset < 0) return badRequest("page_token", "Invalid page token");
  const next = offset + size < items.length ? `p${offset + size}` : undefined;
  return ok({
    ...(items.length > 0 && { [key]: items.slice(offset, offset + size) }),
    ...(next && { nextPageToken: next }),
  });
};

// Google's per-location edit quota: null when the edit may go ahead (and is counted).
export const edit = (state: LocationState, now = Date.now()): Reply | null => {
  const recent = state.edits.filter((t) => t > now - 60_000);
  if (recent.length >= EDITS_PER_MINUTE) {
    return googleError(
      429,
      "RESOURCE_EXHAUSTED",
      "Quota exceeded for quota metric 'Edits' and limit 'Edits per minute per location'.",
      [
        {
          "@type": "type.googleapis.com/google.rpc.ErrorInfo",
          reason: "RATE_LIMIT_EXCEEDED",
          domain: "googleapis.com",
        },
      ],
    );
  }
  state.edits = [...recent, now];
  return null;
};

const categoriesOf = (l: Json) =>
  l.categories as { primaryCategory?: { name?: string }; additionalCategories?: { name?: string }[] } | undefined;
export const metadataOf = (l: Json) => (isObject(l.metadata) ? l.metadata : {});

const categoryList = (l: Json) => [categoriesOf(l)?.primaryCategory, ...(categoriesOf(l)?.additionalCategories ?? [])];

// Google answers a location's categories with their output-only moreHoursTypes (what moreHours takes).
const withHoursTypes = (location: Json): Json => {
  if (!isObject(location.categories)) return location;
  const decorate = (c: unknown) => {
    const types = isObject(c) ? categoryOf(c.name)?.moreHoursTypes : undefined;
    return isObject(c) && types ? { ...c, moreHoursTypes: types } : c;
  };
  const { primaryCategory, additionalCategories } = location.categories;
  return {
    ...location,
    categories: {
      ...location.categories,
      ...(primaryCategory !== undefined && { primaryCategory: decorate(primaryCategory) }),
      ...(Array.isArray(additionalCategories) && { additionalCategories: additionalCategories.map(decorate) }),
    },
  };
};

// moreHours: each hoursTypeId among the location's categories' moreHoursTypes; a service area's
// places each with a name and a place id (both required by Google).
const hoursAndAreaIssue = (location: Json, body: Json, fields: string[]): Reply | null => {
  if (fields.includes("moreHours") && Array.isArray(body.moreHours)) {
    const allowed = new Set(
      categoryList(location)
        .flatMap((c) => categoryOf(c?.name)?.moreHoursTypes ?? [])
        .map((t) => t.hoursTypeId),
    );
    const bad = (body.moreHours as Json[]).findIndex((h) => !allowed.has(String(h.hoursTypeId)));
    if (bad >= 0)
      return badRequest(
        `location.more_hours[${bad}].hours_type_id`,
        "Hours type id is not valid for the location's categories",
      );
  }
  const places = ((body.serviceArea as Json | undefined)?.places as Json | undefined)?.placeInfos;
  if (fields.includes("serviceArea") && Array.isArray(places)) {
    const bad = (places as Json[]).findIndex((p) => !p.placeName || !p.placeId);
    if (bad >= 0)
      return badRequest(`location.service_area.places.place_infos[${bad}]`, "Place name and place id are required");
  }
  return null;
};

export const getLocation = ({ url }: SimRequest, state: LocationState): Handled => {
  const refused = unknownParam(url.searchParams, ["readMask"]);
  if (refused) return { reply: refused };
  const mask = url.searchParams.get("readMask");
  if (!mask) return { reply: badRequest("read_mask", "Field is required") };
  const masked = applyReadMask(state.location, mask);
  return { reply: masked ? ok(withHoursTypes(masked)) : badRequest("read_mask", "Invalid field mask provided") };
};

const serviceItemIssue = (location: Json, body: Json): Reply | null => {
  const cats = [
    primaryOf(location),
    ...(categoriesOf(location)?.additionalCategories ?? []).map((c) => categoryOf(c.name)),
  ].filter((c): c is Category => !!c);
  const allowed = new Set(cats.flatMap((c) => c.serviceTypes ?? []).map((t) => t.serviceTypeId));
  const items = (body.serviceItems ?? []) as {
    structuredServiceItem?: { serviceTypeId?: string };
    freeFormServiceItem?: { category?: string };
  }[];
  const bad = items.findIndex(
    (i) =>
      (!i.structuredServiceItem && !i.freeFormServiceItem) ||
      (i.structuredServiceItem && !allowed.has(i.structuredServiceItem.serviceTypeId ?? "")) ||
      (i.freeFormServiceItem && !cats.some((c) => c.name === i.freeFormServiceItem!.category)),
  );
  return bad >= 0
    ? badRequest(
        `location.service_items[${bad}]`,
        "The service type or category does not belong to the location's categories",
      )
    : null;
};

const locationIssue = (location: Json, body: Json, fields: string[]): Reply | null => {
  const has = (f: string) => fields.includes(f) && body[f] !== undefined;
  if (fields.includes("title") && !(typeof body.title === "string" && body.title.trim()))
    return badRequest("location.title", "Title is required");
  if (has("websiteUri") && !/^https?:\/\//.test(String(body.websiteUri)))
    return badRequest("location.website_uri", "Website must be an http(s) URL");
  const categoriesIssue = fields.includes("categories") ? unknownCategoryIssue(body.categories) : null;
  if (categoriesIssue) return categoriesIssue;
  const additional = (body.phoneNumbers as { additionalPhones?: unknown[] } | undefined)?.additionalPhones ?? [];
  if (has("phoneNumbers") && additional.length > 2)
    return badRequest("location.phone_numbers.additional_phones", "At most 2 additional phones");
  if (fields.includes("serviceItems") && metadataOf(location).canModifyServiceList !== true)
    return precondition("The service list of this location cannot be modified.");
  const areaIssue = hoursAndAreaIssue(
    { ...location, ...(has("categories") && { categories: body.categories }) },
    body,
    fields,
  );
  if (areaIssue) return areaIssue;
  return has("serviceItems")
    ? serviceItemIssue({ ...location, ...(has("categories") && { categories: body.categories }) }, body)
    : null;
};

export const patchLocation = ({ url, json }: SimRequest, state: LocationState): Handled => {
  const refused = unknownParam(url.searchParams, ["updateMask", "validateOnly"]);
  if (refused) return { reply: refused };
  const masked = updateMaskFields(url.searchParams.get("updateMask"));
  if ("refused" in masked) return { reply: masked.refused };
  const { fields } = masked;
  const body = (json ?? {}) as Json;
  const issue = check("Location", body, "location") ?? locationIssue(state.location, body, fields);
  if (issue) return { reply: issue };
  if (url.searchParams.get("validateOnly") === "true") return { reply: ok(state.location) };
  const quota = edit(state);
  if (quota) return { reply: quota };
  applyUpdateMask(state.location, body, fields);
  nameCategories(state.location);
  return { reply: ok(withHoursTypes(state.location)), changed: true };
};

export const listCategories = ({ url }: SimRequest): Reply => {
  const q = url.searchParams;
  const asked = categoriesListView(q);
  if ("refused" in asked) return asked.refused;
  const filter = q.get("filter");
  const prefix = filter ? /^displayName\s*=\s*"?([^"]*)"?$/.exec(filter)?.[1] : "";
  if (prefix === undefined) return badRequest("filter", "Only displayName filters are supported");
  const found = CATEGORIES.filter((c) => c.displayName.toLowerCase().includes(prefix.toLowerCase())).map((c) =>
    listedCategory(c, asked.view),
  );
  return pageOf(found, url, "categories", 100, 100);
};

export const getAttributes = (state: LocationState): Handled => ({
  reply: ok({
    name: `${String(state.location.name)}/attributes`,
    ...(state.attributes.length > 0 && { attributes: state.attributes }),
  }),
});

// attributes.list with parent=locations/{l}: what the location's category and region take.
export const listAttributes = ({ url }: SimRequest, state: LocationState): Handled => {
  const q = url.searchParams;
  const refused = unknownParam(q, ATTRIBUTES_LIST_PARAMS);
  if (refused) return { reply: refused };
  if (["categoryName", "regionCode", "languageCode", "showAll"].some((k) => q.has(k)))
    return {
      reply: badRequest("parent", "category_name, region_code, language_code and show_all must not be set with parent"),
    };
  return {
    reply: pageOf(
      attributesFor(primaryOf(state.location), regionOf(state.location)).map(attributeMetadata),
      url,
      "attributeMetadata",
      200,
      200,
    ),
  };
};

export const patchAttributes = ({ url, json }: SimRequest, state: LocationState): Handled => {
  const refused = unknownParam(url.searchParams, ["attributeMask"]);
  if (refused) return { reply: refused };
  const update = attributeUpdate(state.location, url.searchParams.get("attributeMask"), json);
  if ("refused" in update) return { reply: update.refused };
  const quota = edit(state);
  if (quota) return { reply: quota };
  state.attributes = updatedAttributes(state.attributes, update);
  return { reply: getAttributes(state).reply, changed: true };
};

export const foodMenus = ({ method, url, json }: SimRequest, state: LocationState, v4: string): Handled => {
  const refused = unknownParam(url.searchParams, method === "GET" ? [] : ["updateMask"]);
  if (refused) return { reply: refused };
  if (metadataOf(state.location).canHaveFoodMenus !== true)
    return { reply: precondition("This location is not eligible for food menus.") };
  const answer = () => ok({ name: `${v4}/foodMenus`, ...(state.menus.length > 0 && { menus: state.menus }) });
  if (method !== "PATCH") return { reply: answer() };
  const patch = foodMenusPatch(url.searchParams.get("updateMask"), json);
  if ("refused" in patch) return { reply: patch.refused };
  const quota = edit(state);
  if (quota) return { reply: quota };
  if (patch.menus) state.menus = patch.menus;
  return { reply: answer(), changed: true };
};
