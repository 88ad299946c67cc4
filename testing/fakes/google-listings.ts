import { googleApiError, type FakeGoogleUser, type Reply } from "./google-apis";
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
} from "@/lib/networks/google_business/catalog";
import {
  applyReadMask,
  applyUpdateMask,
  attributeUpdate,
  foodMenusPatch,
  primaryOf,
  regionOf,
  updatedAttributes,
  updateMaskFields,
} from "@/lib/networks/google_business/location-masks";
import { fakePlaceActions } from "./google-place-actions";
import { badRequest, check, unknownParam } from "./google-schemas";

// The listing half of the Business Profile fake (testing/fakes/google.ts), following Google's resources:
// Business Information v1 locations.get / patch (readMask, updateMask: a masked field the body leaves
// out is cleared), categories.list, locations.getAttributes / updateAttributes (attributeMask) and
// attributes.list; My Business v4 foodMenus (get, patch); Place Actions v1 (google-place-actions.ts). Bodies are checked against the
// resources (google-schemas.ts: unknown fields, types and enum values refused as Google refuses them),
// query parameters against the method's; categories, attributes and action types against what the
// location's category and region take (lib/networks/google_business/catalog.ts; the masks:
// location-masks.ts there); service items need canModifyServiceList,
// food menus canHaveFoodMenus. Writes count against the per-location edit quota (`config.editsPerMinute`:
// over it, 429 RESOURCE_EXHAUSTED).

type Req = { user: FakeGoogleUser; url: URL; json: unknown };
type Loc = Record<string, unknown> & { name: string; metadata?: Record<string, unknown> };

const notFound = (): Reply => ({
  status: 404,
  body: googleApiError(404, "NOT_FOUND", "Requested entity was not found."),
});
const precondition = (message: string): Reply => ({
  status: 400,
  body: googleApiError(400, "FAILED_PRECONDITION", message),
});
const pageOf = <T>(items: T[], url: URL, key: string, byDefault: number, max: number): Reply => {
  const size = Number(url.searchParams.get("pageSize") ?? byDefault);
  if (!Number.isInteger(size) || size < 1 || size > max)
    return badRequest("page_size", `Page size must be between 1 and ${max}`);
  const offset = Number(url.searchParams.get("pageToken")?.replace(/^p/, "") ?? 0);
  const next = offset + size < items.length ? `p${offset + size}` : undefined;
  return {
    status: 200,
    body: {
      ...(items.length > 0 && { [key]: items.slice(offset, offset + size) }),
      ...(next && { nextPageToken: next }),
    },
  };
};
export const fakeListings = () => {
  const attributes = new Map<string, Record<string, unknown>[]>(); // by locations/{l}
  const menus = new Map<string, unknown[]>();
  const edits = new Map<string, number[]>();
  const config = { editsPerMinute: 10 };

  const find = (user: FakeGoogleUser, v1: string): Loc | null =>
    (user.accounts ?? []).flatMap((a) => a.locations as Loc[]).find((l) => l.name === v1) ?? null;
  const fromV4 = (user: FakeGoogleUser, v4: string): Loc | null => {
    const [, accountId, , locationId] = v4.split("/");
    const account = user.accounts?.find((a) => a.name === `accounts/${accountId}`);
    return ((account?.locations ?? []) as Loc[]).find((l) => l.name === `locations/${locationId}`) ?? null;
  };
  // Google's per-location edit quota.
  const edit = (location: string): Reply | null => {
    const now = Date.now();
    const recent = (edits.get(location) ?? []).filter((t) => t > now - 60_000);
    if (recent.length >= config.editsPerMinute) {
      return {
        status: 429,
        body: googleApiError(
          429,
          "RESOURCE_EXHAUSTED",
          "Quota exceeded for quota metric 'Edits' and limit 'Edits per minute per location'.",
          {
            errorInfo: "RATE_LIMIT_EXCEEDED",
          },
        ),
      };
    }
    edits.set(location, [...recent, now]);
    return null;
  };

  const getLocation = ({ user, url }: Req, v1: string): Reply => {
    const refused = unknownParam(url.searchParams, ["readMask"]);
    if (refused) return refused;
    const location = find(user, v1);
    if (!location) return notFound();
    const mask = url.searchParams.get("readMask");
    if (!mask) return badRequest("read_mask", "Field is required");
    const masked = applyReadMask(location, mask);
    return masked ? { status: 200, body: masked } : badRequest("read_mask", "Invalid field mask provided");
  };

  const locationIssue = (location: Loc, body: Record<string, unknown>, fields: string[]): Reply | null => {
    const has = (f: string) => fields.includes(f) && body[f] !== undefined;
    if (fields.includes("title") && !(typeof body.title === "string" && body.title.trim()))
      return badRequest("location.title", "Title is required");
    if (has("websiteUri") && !/^https?:\/\//.test(String(body.websiteUri)))
      return badRequest("location.website_uri", "Website must be an http(s) URL");
    const categoriesIssue = has("categories") ? unknownCategoryIssue(body.categories) : null;
    if (categoriesIssue) return categoriesIssue;
    const additional = (body.phoneNumbers as { additionalPhones?: unknown[] } | undefined)?.additionalPhones ?? [];
    if (has("phoneNumbers") && additional.length > 2)
      return badRequest("location.phone_numbers.additional_phones", "At most 2 additional phones");
    if (fields.includes("serviceItems") && location.metadata?.canModifyServiceList !== true)
      return precondition("The service list of this location cannot be modified.");
    if (has("serviceItems")) {
      const cats = [primaryOf(location)].filter(Boolean);
      const allowed = new Set(cats.flatMap((c) => c!.serviceTypes ?? []).map((t) => t.serviceTypeId));
      const items = body.serviceItems as {
        structuredServiceItem?: { serviceTypeId?: string };
        freeFormServiceItem?: { category?: string };
      }[];
      const bad = items.findIndex(
        (i) =>
          (i.structuredServiceItem && !allowed.has(i.structuredServiceItem.serviceTypeId ?? "")) ||
          (i.freeFormServiceItem && !cats.some((c) => c!.name === i.freeFormServiceItem!.category)),
      );
      if (bad >= 0)
        return badRequest(
          `location.service_items[${bad}]`,
          "The service type or category does not belong to the location's categories",
        );
    }
    return null;
  };

  const patchLocation = ({ user, url, json }: Req, v1: string): Reply => {
    const refused = unknownParam(url.searchParams, ["updateMask", "validateOnly"]);
    if (refused) return refused;
    const location = find(user, v1);
    if (!location) return notFound();
    const masked = updateMaskFields(url.searchParams.get("updateMask"));
    if ("refused" in masked) return masked.refused;
    const { fields } = masked;
    const body = (json ?? {}) as Record<string, unknown>;
    const issue = check("Location", body, "location") ?? locationIssue(location, body, fields);
    if (issue) return issue;
    const quota = edit(v1);
    if (quota) return quota;
    applyUpdateMask(location, body, fields);
    nameCategories(location);
    return { status: 200, body: location };
  };

  const listCategories = ({ url }: Req): Reply => {
    const q = url.searchParams;
    const asked = categoriesListView(q);
    if ("refused" in asked) return asked.refused;
    const filter = q.get("filter");
    const prefix = filter ? /^displayName=(.*)$/.exec(filter)?.[1] : "";
    if (prefix === undefined) return badRequest("filter", "Only displayName filters are supported");
    const found = CATEGORIES.filter((c) => c.displayName.toLowerCase().startsWith(prefix.toLowerCase())).map((c) =>
      listedCategory(c, asked.view),
    );
    return pageOf(found, url, "categories", 100, 100);
  };

  const getAttributes = ({ user }: Req, v1: string): Reply =>
    find(user, v1)
      ? {
          status: 200,
          body: { name: `${v1}/attributes`, ...(attributes.get(v1)?.length && { attributes: attributes.get(v1) }) },
        }
      : notFound();

  const listAttributes = ({ user, url }: Req): Reply => {
    const q = url.searchParams;
    const refused = unknownParam(q, ATTRIBUTES_LIST_PARAMS);
    if (refused) return refused;
    const parent = q.get("parent");
    if (parent && ["categoryName", "regionCode", "languageCode", "showAll"].some((k) => q.has(k)))
      return badRequest("parent", "category_name, region_code, language_code and show_all must not be set with parent");
    const location = parent ? find(user, parent) : null;
    if (parent && !location) return notFound();
    const list = location
      ? attributesFor(primaryOf(location), regionOf(location))
      : attributesFor(categoryOf(q.get("categoryName")), q.get("regionCode") ?? undefined);
    return pageOf(list.map(attributeMetadata), url, "attributeMetadata", 200, 200);
  };

  const patchAttributes = ({ user, url, json }: Req, v1: string): Reply => {
    const refused = unknownParam(url.searchParams, ["attributeMask"]);
    if (refused) return refused;
    const location = find(user, v1);
    if (!location) return notFound();
    const update = attributeUpdate(location, url.searchParams.get("attributeMask"), json);
    if ("refused" in update) return update.refused;
    const quota = edit(v1);
    if (quota) return quota;
    attributes.set(v1, updatedAttributes(attributes.get(v1) ?? [], update));
    return getAttributes({ user, url, json }, v1);
  };

  const foodMenus = ({ user, url, json }: Req, v4: string, method: "GET" | "PATCH"): Reply => {
    const refused = unknownParam(url.searchParams, method === "GET" ? [] : ["updateMask"]);
    if (refused) return refused;
    const location = fromV4(user, v4);
    if (!location) return notFound();
    if (location.metadata?.canHaveFoodMenus !== true)
      return precondition("This location is not eligible for food menus.");
    const name = `${v4}/foodMenus`;
    if (method === "PATCH") {
      const patch = foodMenusPatch(url.searchParams.get("updateMask"), json);
      if ("refused" in patch) return patch.refused;
      const quota = edit(location.name);
      if (quota) return quota;
      if (patch.menus) menus.set(v4, patch.menus);
    }
    return { status: 200, body: { name, ...(menus.get(v4)?.length && { menus: menus.get(v4) }) } };
  };

  const placeActions = fakePlaceActions({ find, primaryOf, edit, pageOf });

  return {
    attributes,
    menus,
    config,
    getLocation,
    patchLocation,
    listCategories,
    getAttributes,
    listAttributes,
    patchAttributes,
    foodMenus,
    ...placeActions,
  };
};
export type FakeListings = ReturnType<typeof fakeListings>;
