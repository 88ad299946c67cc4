import { attributesFor, categoryOf, type Attribute } from "./catalog";
import { badRequest, check, LOCATION_FIELD_NAMES, type GoogleReply } from "./resources";

// How the Business Information API applies its field masks to a location (Google's reference:
// locations.get readMask, locations.patch updateMask, locations.updateAttributes attributeMask) and
// what it refuses in them (and a foodMenus patch under its updateMask), for the sandbox's simulated Google (sandbox/location.ts) and the tests'
// Google fake alike.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

// Location fields Google sets itself: an updateMask may not name them.
const OUTPUT_ONLY = ["name", "metadata", "relationshipData", "languageCode"];

// The location's region (its storefront's, else its service area's) and primary category.
export const regionOf = (l: Json) =>
  ((l.storefrontAddress as { regionCode?: string } | undefined)?.regionCode ??
    (l.serviceArea as { regionCode?: string } | undefined)?.regionCode) ||
  undefined;
export const primaryOf = (l: Json) =>
  categoryOf((l.categories as { primaryCategory?: { name?: string } } | undefined)?.primaryCategory?.name);

// A readMask over the location: top-level fields, or dotted paths into them; null when it names a field
// the Location does not have.
export const applyReadMask = (location: Json, mask: string): Json | null => {
  const out: Json = {};
  for (const path of mask.split(",").map((p) => p.trim())) {
    const [head, ...rest] = path.split(".");
    if (!head || !LOCATION_FIELD_NAMES.includes(head)) return null;
    let source: unknown = location[head];
    let target = out;
    let key = head;
    for (const part of rest) {
      if (!isObject(source)) {
        source = undefined;
        break;
      }
      target = (target[key] ??= {}) as Json;
      source = source[part];
      key = part;
    }
    if (source !== undefined) target[key] = source;
  }
  return out;
};

// The fields a locations.patch updateMask names, or Google's refusal of the mask.
export const updateMaskFields = (mask: string | null): { fields: string[] } | { refused: GoogleReply } => {
  if (!mask) return { refused: badRequest("update_mask", "Field mask is required") };
  const fields = mask.split(",").map((f) => f.trim());
  const wrong = fields.find(
    (f) => !LOCATION_FIELD_NAMES.includes(f.split(".")[0]!) || OUTPUT_ONLY.includes(f.split(".")[0]!),
  );
  return wrong ? { refused: badRequest("update_mask", `Invalid field mask provided: ${wrong}`) } : { fields };
};

// A patch under its updateMask, in place: a masked field the body leaves out is cleared, the others are
// replaced whole.
export const applyUpdateMask = (location: Json, body: Json, fields: string[]) => {
  for (const field of fields) {
    const [head] = field.split(".");
    if (body[head!] === undefined) delete location[head!];
    else location[head!] = copy(body[head!]);
  }
};

const attributeIssue = (entry: Json, i: number, available: Attribute[]): GoogleReply | null => {
  const meta = available.find((a) => a.parent === entry.name);
  const at = `attributes.attributes[${i}]`;
  if (!meta) return badRequest(`${at}.name`, `Attribute ${String(entry.name)} is not applicable to this location`);
  const values = entry.values as unknown[] | undefined;
  if (meta.valueType === "BOOL" && !(values?.length === 1 && typeof values[0] === "boolean"))
    return badRequest(`${at}.values`, "A BOOL attribute takes one boolean value");
  if (meta.valueType === "URL" && !(entry.uriValues as unknown[] | undefined)?.length)
    return badRequest(`${at}.uri_values`, "A URL attribute takes uriValues");
  if (meta.valueType === "REPEATED_ENUM") {
    const r = entry.repeatedEnumValue as { setValues?: string[]; unsetValues?: string[] } | undefined;
    const all = [...(r?.setValues ?? []), ...(r?.unsetValues ?? [])];
    if (all.length === 0 || all.some((v) => !meta.values!.includes(v)))
      return badRequest(`${at}.repeated_enum_value`, "Unknown or missing enum values");
  }
  return null;
};

export type AttributeUpdate = { mask: string[]; written: Json[] };

// An updateAttributes call on `location`: the attributes its attributeMask names and its body writes
// (each with its valueType), or Google's refusal: an empty mask, an attribute the location's category
// and region do not take, a body that does not fit the Attributes resource or an attribute's type.
export const attributeUpdate = (
  location: Json,
  attributeMask: string | null,
  json: unknown,
): AttributeUpdate | { refused: GoogleReply } => {
  const mask = (attributeMask ?? "").split(",").filter(Boolean);
  if (mask.length === 0) return { refused: badRequest("attribute_mask", "Attribute mask is required") };
  const body = (json ?? {}) as { attributes?: Json[] };
  const available = attributesFor(primaryOf(location), regionOf(location));
  const unavailable = mask.find((m) => !available.some((a) => a.parent === m));
  if (unavailable)
    return { refused: badRequest("attribute_mask", `Attribute ${unavailable} is not applicable to this location`) };
  const issue =
    check("Attributes", body, "attributes") ??
    (body.attributes ?? []).map((e, i) => attributeIssue(e, i, available)).find(Boolean) ??
    null;
  if (issue) return { refused: issue };
  const written = (body.attributes ?? [])
    .filter((a) => mask.includes(String(a.name)))
    .map((a) => ({ ...copy(a), valueType: available.find((m) => m.parent === a.name)!.valueType }));
  return { mask, written };
};

// The location's attributes after an update: the masked ones replaced by those written.
export const updatedAttributes = (current: Json[], { mask, written }: AttributeUpdate): Json[] => [
  ...current.filter((a) => !mask.includes(String(a.name))),
  ...written,
];

// A foodMenus PATCH as Google checks it (the FoodMenus resource, a label with a display name on each
// menu): the menus to store, or null when its updateMask leaves them out; or Google's refusal.
export const foodMenusPatch = (
  updateMask: string | null,
  json: unknown,
): { menus: Json[] | null } | { refused: GoogleReply } => {
  const body = (json ?? {}) as { menus?: unknown[] };
  const issue = check("FoodMenus", body, "food_menus");
  if (issue) return { refused: issue };
  const bad = (body.menus ?? []).findIndex(
    (m) => !((m as { labels?: { displayName?: string }[] }).labels ?? []).some((l) => l.displayName),
  );
  if (bad >= 0)
    return { refused: badRequest(`food_menus.menus[${bad}].labels`, "Each menu needs a label with a display name") };
  const masked = !updateMask || updateMask.split(",").includes("menus");
  return { menus: masked ? copy((body.menus ?? []) as Json[]) : null };
};
