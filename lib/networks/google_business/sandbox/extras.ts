import { randomBytes } from "node:crypto";
import { ok, type Json, type SimRequest } from "../../sandbox/management/wire";
import { actionTypesFor } from "../catalog";
import { linkIssue, newLink, patchedLink, preferOnly } from "../place-action-links";
import { primaryOf } from "../location-masks";
import { edit, metadataOf, pageOf, type Handled } from "./location";
import { badRequest, check, MEDIA_CATEGORIES, notFound, precondition, unknownParam } from "./resources";
import type { LocationState } from "./seed";

// The sandbox's Place Actions v1 (placeActionTypeMetadata.list by the location's category; links list,
// create, patch, delete: one preferred link per type, the same uri and type twice ALREADY_EXISTS) and
// My Business v4 media (create, list, delete; menu and food photos only where the location can have
// food menus), as Google answers them. Writes count against the location's edit quota.

const newId = () => randomBytes(6).toString("hex");

export const actionTypes = ({ url }: SimRequest, state: LocationState): Handled => {
  const refused = unknownParam(url.searchParams, ["filter", "languageCode", "pageSize", "pageToken"]);
  if (refused) return { reply: refused };
  return { reply: pageOf(actionTypesFor(primaryOf(state.location)), url, "placeActionTypeMetadata", 10, 100) };
};

export const listLinks = ({ url }: SimRequest, state: LocationState): Handled => {
  const refused = unknownParam(url.searchParams, ["filter", "pageSize", "pageToken"]);
  if (refused) return { reply: refused };
  const filter = url.searchParams.get("filter") ?? "";
  const type = /^place_action_type\s*=\s*"?([A-Z_]+)"?$/.exec(filter)?.[1];
  if (filter && !type) return { reply: badRequest("filter", "Unsupported filter") };
  return {
    reply: pageOf(
      state.links.filter((l) => !type || l.placeActionType === type),
      url,
      "placeActionLinks",
      10,
      100,
    ),
  };
};

export const createLink = ({ url, json }: SimRequest, state: LocationState): Handled => {
  const refused = unknownParam(url.searchParams, []);
  if (refused) return { reply: refused };
  const body = (json ?? {}) as Json;
  const issue = check("PlaceActionLink", body, "place_action_link") ?? linkIssue(state.location, body, state.links);
  if (issue) return { reply: issue };
  const quota = edit(state);
  if (quota) return { reply: quota };
  const link = newLink(String(state.location.name), body);
  state.links = [...state.links, link];
  preferOnly(state.links, link);
  return { reply: ok(link), changed: true };
};

export const patchOrDeleteLink = ({ method, url, json }: SimRequest, state: LocationState, name: string): Handled => {
  const refused = unknownParam(url.searchParams, method === "PATCH" ? ["updateMask"] : []);
  if (refused) return { reply: refused };
  const link = state.links.find((l) => l.name === name);
  if (!link) return { reply: notFound() };
  if (method === "DELETE") {
    const quota = edit(state);
    if (quota) return { reply: quota };
    state.links = state.links.filter((l) => l !== link);
    return { reply: ok({}), changed: true };
  }
  const body = (json ?? {}) as Json;
  const patched = patchedLink(link, url.searchParams.get("updateMask"), body);
  if ("refused" in patched) return { reply: patched.refused };
  const { next } = patched;
  const issue =
    check("PlaceActionLink", body, "place_action_link") ??
    linkIssue(
      state.location,
      next,
      state.links.filter((l) => l !== link),
    );
  if (issue) return { reply: issue };
  const quota = edit(state);
  if (quota) return { reply: quota };
  Object.assign(link, next, { updateTime: new Date().toISOString() });
  preferOnly(state.links, link);
  return { reply: ok(link), changed: true };
};

const MEDIA_CATEGORY_SET = new Set(MEDIA_CATEGORIES);

export const createMedia = ({ json }: SimRequest, state: LocationState, v4: string): Handled => {
  const body = (json ?? {}) as {
    mediaFormat?: string;
    sourceUrl?: string;
    dataRef?: unknown;
    locationAssociation?: { category?: string };
    description?: string;
  };
  const shape = check("MediaItem", body, "media_item");
  if (shape) return { reply: shape };
  const category = body.locationAssociation?.category ?? "";
  if (["MENU", "FOOD_AND_DRINK"].includes(category) && metadataOf(state.location).canHaveFoodMenus !== true)
    return { reply: precondition(`Media category ${category} is not relevant for this location.`) };
  if (body.mediaFormat !== "PHOTO" && body.mediaFormat !== "VIDEO")
    return { reply: badRequest("media_item.media_format", "Media format is required") };
  if (!MEDIA_CATEGORY_SET.has(category))
    return { reply: badRequest("media_item.location_association", "A category is required") };
  if (!body.sourceUrl && !body.dataRef)
    return { reply: badRequest("media_item.source_url", "sourceUrl or dataRef is required") };
  if (body.sourceUrl && !/^https?:\/\//.test(body.sourceUrl))
    return { reply: badRequest("media_item.source_url", "sourceUrl must be a public http(s) URL") };
  const quota = edit(state);
  if (quota) return { reply: quota };
  const id = newId();
  const item = {
    name: `${v4}/media/${id}`,
    mediaFormat: body.mediaFormat,
    locationAssociation: body.locationAssociation,
    // The sandbox does not copy the file: Google's copy is the source itself.
    googleUrl: body.sourceUrl ?? `https://sandbox.invalid/google_business/media/${id}.jpg`,
    thumbnailUrl: body.sourceUrl ?? `https://sandbox.invalid/google_business/media/${id}-thumb.jpg`,
    createTime: new Date().toISOString(),
    dimensions: { widthPixels: 1200, heightPixels: 900 },
    insights: { viewCount: "0" },
    ...(body.description !== undefined && { description: body.description }),
  };
  state.media = [item, ...state.media];
  return { reply: ok(item), changed: true };
};

export const listMedia = ({ url }: SimRequest, state: LocationState): Handled => {
  const refused = unknownParam(url.searchParams, ["pageSize", "pageToken"]);
  if (refused) return { reply: refused };
  const page = pageOf(state.media, url, "mediaItems", 100, 2500);
  return {
    reply: page.status === 200 ? ok({ ...(page.body as Json), totalMediaItemCount: state.media.length }) : page,
  };
};

export const deleteMedia = (state: LocationState, name: string): Handled => {
  if (!state.media.some((m) => m.name === name)) return { reply: notFound() };
  const quota = edit(state);
  if (quota) return { reply: quota };
  state.media = state.media.filter((m) => m.name !== name);
  return { reply: ok({}), changed: true };
};
