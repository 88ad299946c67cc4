import { z } from "zod";
import { at, googleGet } from "../google/oauth";
import type { PlacementInfo, ProfileAuth } from "../types";

// Every location of every Business Profile account the user can reach, as placements:
// GET {account_management_url}/accounts (20 a page, the maximum), then for each account
// GET {business_information_url}/{account}/locations?readMask=… (100 a page, the maximum; readMask is
// required). Calls run one after another to stay far below the 300 queries/minute project quota.
//
// The placement id is the full `accounts/{a}/locations/{l}` path the v4 endpoints (local posts,
// reviews, media) need; the v1 location's `name` is only `locations/{l}`. A location reachable
// through several accounts (e.g. an organization and one of its location groups) is listed once,
// under the first account that returned it (the personal account comes first).

export const LOCATION_READ_MASK = "name,title,storeCode,storefrontAddress,metadata";

type Settings = { account_management_url: string; business_information_url: string };
type Ctx = { settings: Settings; fetch: typeof fetch };

const ZAccounts = z.object({
  accounts: z
    .array(
      z.object({
        name: z.string().regex(/^accounts\/[^/]+$/),
        accountName: z.string().optional(),
        type: z.string().optional(),
      }),
    )
    .optional(),
  nextPageToken: z.string().optional(),
});

const ZLocation = z.object({
  name: z.string().regex(/(^|\/)locations\/[^/]+$/),
  title: z.string().optional(),
  storeCode: z.string().optional(),
  storefrontAddress: z
    .object({
      addressLines: z.array(z.string()).optional(),
      locality: z.string().optional(),
      administrativeArea: z.string().optional(),
      postalCode: z.string().optional(),
      regionCode: z.string().optional(),
    })
    .optional(),
  metadata: z
    .object({
      placeId: z.string().optional(),
      mapsUri: z.string().optional(),
      canModifyServiceList: z.boolean().optional(),
      canHaveFoodMenus: z.boolean().optional(),
    })
    .optional(),
});
type Location = z.infer<typeof ZLocation>;
const ZLocations = z.object({ locations: z.array(ZLocation).optional(), nextPageToken: z.string().optional() });

// Follows nextPageToken until the list ends.
const allPages = async <T>(
  fetchPage: (pageToken: string | undefined) => Promise<{ items: T[]; next: string | undefined }>,
) => {
  const all: T[] = [];
  let token: string | undefined;
  do {
    const page = await fetchPage(token);
    all.push(...page.items);
    token = page.next;
  } while (token);
  return all;
};

const withQuery = (base: string, path: string, query: Record<string, string | undefined>) => {
  const url = new URL(at(base, path));
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  return url;
};

const addressSummary = (a: Location["storefrontAddress"]) =>
  a
    ? [...(a.addressLines ?? []), a.locality, a.administrativeArea, a.postalCode, a.regionCode]
        .filter((s) => s?.trim())
        .join(", ")
    : "";

const placementOf = (account: { name: string; accountName?: string }, location: Location): PlacementInfo => {
  const locationId = location.name.split("/").pop()!;
  const address = addressSummary(location.storefrontAddress);
  const m = location.metadata ?? {};
  return {
    externalId: `${account.name}/locations/${locationId}`,
    name: location.title || address || `Location ${locationId}`,
    avatarUrl: null,
    metadata: {
      account: account.name,
      ...(account.accountName && { account_name: account.accountName }),
      ...(m.placeId && { place_id: m.placeId }), // omitted when the location has no map place
      ...(location.storeCode && { store_code: location.storeCode }),
      ...(address && { address }),
      ...(m.mapsUri && { maps_uri: m.mapsUri }),
      ...(m.canModifyServiceList !== undefined && { can_modify_service_list: m.canModifyServiceList }),
      ...(m.canHaveFoodMenus !== undefined && { can_have_food_menus: m.canHaveFoodMenus }),
    },
  };
};

export const listLocationPlacements = async (ctx: Ctx, auth: ProfileAuth): Promise<PlacementInfo[]> => {
  const accounts = await allPages(async (pageToken) => {
    const url = withQuery(ctx.settings.account_management_url, "/accounts", { pageSize: "20", pageToken });
    const page = await googleGet(ctx, url, auth, ZAccounts, "accounts.list");
    return { items: page.accounts ?? [], next: page.nextPageToken };
  });
  const placements = new Map<string, PlacementInfo>();
  for (const account of accounts) {
    const locations = await allPages(async (pageToken) => {
      const url = withQuery(ctx.settings.business_information_url, `/${account.name}/locations`, {
        readMask: LOCATION_READ_MASK,
        pageSize: "100",
        pageToken,
      });
      const page = await googleGet(ctx, url, auth, ZLocations, "accounts.locations.list");
      return { items: page.locations ?? [], next: page.nextPageToken };
    });
    for (const location of locations) {
      const locationId = location.name.split("/").pop()!;
      if (!placements.has(locationId)) placements.set(locationId, placementOf(account, location));
    }
  }
  return [...placements.values()];
};
