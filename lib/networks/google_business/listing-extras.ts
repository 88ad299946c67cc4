import { unprocessableBy, notReachable } from "../management";
import type { ListingManagement, ManagedPlacement } from "../types";
import {
  allItems,
  businessInformation,
  googleCall,
  myBusiness,
  namesOf,
  paging,
  placeActions,
  withQuery,
  type ListingCtx,
  type ListingSettings,
} from "./listing-api";

// Attributes (Business Information v1), place action links (Place Actions v1) and photos (My Business
// v4 media) of a location. Which attributes and action types a location takes depends on its category
// and region, so a write is checked against what Google lists for the location first (422 naming the
// values it does not take) instead of leaving the user with Google's generic INVALID_ARGUMENT.

export const attributeName = (name: string) => (name.startsWith("attributes/") ? name : `attributes/${name}`);

const availableAttributes = async (ctx: ListingCtx, mp: ManagedPlacement) =>
  new Set(
    (
      await allItems(
        (pageToken) =>
          googleCall(ctx, mp.auth, {
            url: withQuery(businessInformation(ctx, "/attributes"), {
              parent: namesOf(mp).v1,
              pageSize: 200,
              pageToken,
            }),
            what: "Attributes",
          }),
        "attributeMetadata",
      )
    ).map((a) => String(a.parent)),
  );

const availableActionTypes = async (ctx: ListingCtx, mp: ManagedPlacement) =>
  (
    await allItems(
      (pageToken) =>
        googleCall(ctx, mp.auth, {
          url: withQuery(placeActions(ctx, "/placeActionTypeMetadata"), {
            filter: `location=${namesOf(mp).v1}`,
            pageSize: 100,
            pageToken,
          }),
          what: "Place action types",
        }),
      "placeActionTypeMetadata",
    )
  ).map((t) => String(t.placeActionType));

const checkActionType = async (ctx: ListingCtx, mp: ManagedPlacement, type: unknown) => {
  if (type === undefined) return;
  const available = await availableActionTypes(ctx, mp);
  if (!available.includes(String(type))) {
    throw unprocessableBy(
      `placeActionType ${String(type)} is not available for this location (available: ${available.join(", ") || "none"})`,
    );
  }
};

// An item of this location: place action links are named locations/{l}/placeActionLinks/{id}, media
// items accounts/{a}/locations/{l}/media/{id}.
const ownItem = (name: string, prefix: string, what: string) => {
  if (!name.startsWith(prefix) || name.slice(prefix.length).includes("/") || name.length === prefix.length)
    throw notReachable(what);
  return name;
};
const linkName = (mp: ManagedPlacement, name: string) =>
  ownItem(name, `${namesOf(mp).v1}/placeActionLinks/`, "Place action link");
const mediaName = (mp: ManagedPlacement, name: string) => ownItem(name, `${namesOf(mp).v4}/media/`, "Media item");

type ExtraMethods = Omit<
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

export const extraMethods: ExtraMethods = {
  getAttributes: (ctx, mp) =>
    googleCall(ctx, mp.auth, { url: businessInformation(ctx, `/${namesOf(mp).v1}/attributes`), what: "Attributes" }),

  listAvailableAttributes: (ctx, q) =>
    googleCall(ctx, q.auth, {
      url: withQuery(businessInformation(ctx, "/attributes"), { parent: namesOf(q).v1, ...paging(q) }),
      what: "Attributes",
    }),

  // attributeMask names every attribute written; one named without an entry is removed (Google's rule).
  updateAttributes: async (ctx, { names, attributes, ...mp }) => {
    const mask = names.map(attributeName);
    const entries = attributes.map((a) => ({ ...a, name: attributeName(String(a.name ?? "")) }));
    const stray = entries.filter((a) => !mask.includes(a.name)).map((a) => a.name);
    if (stray.length > 0) throw unprocessableBy(`attributes: ${stray.join(", ")} not named in fields`);
    const available = await availableAttributes(ctx, mp);
    const unavailable = mask.filter((n) => !available.has(n));
    if (unavailable.length > 0)
      throw unprocessableBy(`${unavailable.join(", ")} is not available for this location (its category and region)`);
    const name = `${namesOf(mp).v1}/attributes`;
    const url = withQuery(businessInformation(ctx, `/${name}`), { attributeMask: mask.join(",") });
    return googleCall(ctx, mp.auth, { method: "PATCH", url, json: { name, attributes: entries }, what: "Attributes" });
  },

  listPlaceActionLinks: (ctx, { filter, ...q }) =>
    googleCall(ctx, q.auth, {
      url: withQuery(placeActions(ctx, `/${namesOf(q).v1}/placeActionLinks`), { filter, ...paging(q) }),
      what: "Place action links",
    }),

  listPlaceActionTypes: (ctx, { languageCode, ...q }) =>
    googleCall(ctx, q.auth, {
      url: withQuery(placeActions(ctx, "/placeActionTypeMetadata"), {
        filter: `location=${namesOf(q).v1}`,
        languageCode,
        ...paging(q),
      }),
      what: "Place action types",
    }),

  createPlaceActionLink: async (ctx, { link, ...mp }) => {
    await checkActionType(ctx, mp, link.placeActionType);
    return googleCall(ctx, mp.auth, {
      method: "POST",
      url: placeActions(ctx, `/${namesOf(mp).v1}/placeActionLinks`),
      json: link,
      what: "Place action link",
    });
  },

  updatePlaceActionLink: async (ctx, { name, fields, values, ...mp }) => {
    const own = linkName(mp, name);
    const other = fields.filter((f) => !["uri", "placeActionType", "isPreferred"].includes(f));
    if (other.length > 0)
      throw unprocessableBy(
        `fields: ${other.join(", ")} cannot be changed (allowed: uri, placeActionType, isPreferred)`,
      );
    await checkActionType(ctx, mp, values.placeActionType);
    const url = withQuery(placeActions(ctx, `/${own}`), { updateMask: fields.join(",") });
    return googleCall(ctx, mp.auth, {
      method: "PATCH",
      url,
      json: { name: own, ...values },
      what: "Place action link",
    });
  },

  deletePlaceActionLink: async (ctx, { name, ...mp }) => {
    await googleCall(ctx, mp.auth, {
      method: "DELETE",
      url: placeActions(ctx, `/${linkName(mp, name)}`),
      what: "Place action link",
    });
  },

  listMedia: (ctx, q) =>
    googleCall(ctx, q.auth, { url: withQuery(myBusiness(ctx, `${namesOf(q).v4}/media`), paging(q)), what: "Media" }),

  createMedia: (ctx, { item, ...mp }) =>
    googleCall(ctx, mp.auth, {
      method: "POST",
      url: myBusiness(ctx, `${namesOf(mp).v4}/media`),
      json: item,
      what: "Media item",
    }),

  deleteMedia: async (ctx, { name, ...mp }) => {
    await googleCall(ctx, mp.auth, { method: "DELETE", url: myBusiness(ctx, mediaName(mp, name)), what: "Media item" });
  },
};
