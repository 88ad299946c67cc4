import "server-only";
import { unprocessable } from "@/lib/errors";
import type { Principal } from "@/lib/principal";
import { MediaError } from "@/lib/media/download";
import { storeUpload } from "@/lib/media/store-upload";
import type { JsonObject, ListingManagement } from "@/lib/networks/types";
import { fieldsWrite, withManaged } from "./managed";

// GET/PATCH/POST/DELETE /api/profiles/:id/google_business/*: one call into the profile's listing
// management (connector.management.listings) for the location named by `location_id`.

type Listings = ListingManagement<Record<string, unknown>>;
type Call = { principal: Principal; profileId: string; locationId: string | undefined };
type Page = { page_size?: number; page_token?: string };

const listing = <T>(
  { principal, profileId, locationId }: Call,
  run: Parameters<typeof withManaged<"listings", T>>[0]["run"],
) =>
  withManaged({ principal, profileId, kind: "listings", placementParam: "location_id", placementId: locationId, run });

const paging = (q: Page) => ({ pageSize: q.page_size, pageToken: q.page_token });
type Body = Record<string, unknown> & { fields?: string[] };

export const getLocation = (c: Call, readMask: string[] | undefined) =>
  listing(c, (l: Listings, ctx, t) => l.getLocation(ctx, { ...t, readMask: readMask?.length ? readMask : null }));

export const updateLocation = (c: Call, body: Body) =>
  listing(c, (l: Listings, ctx, t) => l.updateLocation(ctx, { ...t, ...fieldsWrite(body, body.fields ?? []) }));

export const listCategories = (
  c: Call,
  q: Page & { region_code: string; language_code: string; filter?: string; view: "BASIC" | "FULL" },
) =>
  listing(c, (l: Listings, ctx, t) =>
    l.listCategories(ctx, {
      ...t,
      ...paging(q),
      regionCode: q.region_code,
      languageCode: q.language_code,
      filter: q.filter,
      view: q.view,
    }),
  );

export const updateHours = (c: Call, body: Body) =>
  listing(c, (l: Listings, ctx, t) => l.updateHours(ctx, { ...t, ...fieldsWrite(body, body.fields ?? []) }));

export const getAttributes = (c: Call) => listing(c, (l: Listings, ctx, t) => l.getAttributes(ctx, t));
export const listAvailableAttributes = (c: Call, q: Page) =>
  listing(c, (l: Listings, ctx, t) => l.listAvailableAttributes(ctx, { ...t, ...paging(q) }));
export const updateAttributes = (c: Call, body: { fields: string[]; attributes: JsonObject[] }) =>
  listing(c, (l: Listings, ctx, t) =>
    l.updateAttributes(ctx, { ...t, names: body.fields, attributes: body.attributes }),
  );

export const getServiceList = (c: Call) => listing(c, (l: Listings, ctx, t) => l.getServiceList(ctx, t));
export const updateServiceList = (c: Call, body: Body) =>
  listing(c, (l: Listings, ctx, t) =>
    l.updateServiceList(ctx, { ...t, ...fieldsWrite(body, body.fields ?? ["serviceItems"]) }),
  );

export const getFoodMenus = (c: Call) => listing(c, (l: Listings, ctx, t) => l.getFoodMenus(ctx, t));
export const updateFoodMenus = (c: Call, body: Body) =>
  listing(c, (l: Listings, ctx, t) => l.updateFoodMenus(ctx, { ...t, ...fieldsWrite(body, body.fields ?? ["menus"]) }));

export const listPlaceActionLinks = (c: Call, q: Page & { filter?: string }) =>
  listing(c, (l: Listings, ctx, t) => l.listPlaceActionLinks(ctx, { ...t, ...paging(q), filter: q.filter }));
export const listPlaceActionTypes = (c: Call, q: Page & { language_code?: string }) =>
  listing(c, (l: Listings, ctx, t) =>
    l.listPlaceActionTypes(ctx, { ...t, ...paging(q), languageCode: q.language_code }),
  );
export const createPlaceActionLink = (c: Call, body: { uri: string; placeActionType: string; isPreferred?: boolean }) =>
  listing(c, (l: Listings, ctx, t) =>
    l.createPlaceActionLink(ctx, {
      ...t,
      link: {
        uri: body.uri,
        placeActionType: body.placeActionType,
        ...(body.isPreferred !== undefined && { isPreferred: body.isPreferred }),
      },
    }),
  );
export const updatePlaceActionLink = (c: Call, body: Body & { name: string; fields: string[] }) =>
  listing(c, (l: Listings, ctx, t) =>
    l.updatePlaceActionLink(ctx, { ...t, name: body.name, ...fieldsWrite(body, body.fields) }),
  );
export const deletePlaceActionLink = (c: Call, name: string) =>
  listing(c, async (l: Listings, ctx, t) => {
    await l.deletePlaceActionLink(ctx, { ...t, name });
    return { deleted: true as const, name };
  });

export const listMedia = (c: Call, q: Page) =>
  listing(c, (l: Listings, ctx, t) => l.listMedia(ctx, { ...t, ...paging(q) }));
// A `file` part (multipart) is stored like a post's media; Google fetches our public copy (sourceUrl).
export const createMedia = (c: Call, body: Body) => {
  const { location_id: _locationId, profile_group_id: _group, file, ...item } = body;
  return listing(c, async (l: Listings, ctx, t) => {
    const upload = file instanceof File ? { sourceUrl: await storedUrl(file) } : {};
    return l.createMedia(ctx, { ...t, item: { ...item, ...upload } });
  });
};

const UPLOAD_MAX_BYTES = 75 * 1024 * 1024; // Google's cap for videos (photos: 5 MB, checked by Google)
// Stored as an upload of the request: when Google (or anything after) refuses, the request's upload scope
// removes the file again (lib/media/upload-scope.ts). Kept on success: Google fetches it from us.
const storedUrl = async (file: File) => {
  try {
    const stored = await storeUpload(file, { maxBytes: UPLOAD_MAX_BYTES });
    if (stored.kind !== "image" && stored.kind !== "video")
      throw unprocessable([`file: ${stored.contentType} is not a photo or a video`]);
    return stored.url;
  } catch (err) {
    if (err instanceof MediaError) throw unprocessable([`file: ${err.reason}`]);
    throw err;
  }
};
export const deleteMedia = (c: Call, name: string) =>
  listing(c, async (l: Listings, ctx, t) => {
    await l.deleteMedia(ctx, { ...t, name });
    return { deleted: true as const, name };
  });
