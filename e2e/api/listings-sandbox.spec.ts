import { expect, test, type APIRequestContext } from "@playwright/test";
import { connectSandboxOAuth } from "../support/sandbox-connect";
import { auth, createTenant, type Tenant } from "../support/tenant";

// Listings and pages on the sandbox network over HTTP with a sandbox key: google_business and facebook
// profiles connected through the sandbox consent flow, their simulated locations and pages read and
// edited through the public endpoints, the gates answering 422 as on the real network.

let t: Tenant;
let groupId: string;
const profiles: Record<string, string> = {};

const placementsOf = async (request: APIRequestContext, profileId: string) =>
  (
    (await (await request.get(`/api/profiles/${profileId}/placements`, { headers: auth(t.sandbox) })).json()).data as {
      id: string;
      name: string;
    }[]
  )
    .map((p) => p.id)
    .sort();

test.beforeAll(async ({ request }) => {
  t = createTenant();
  const group = await request.post("/api/profile_groups", {
    headers: auth(t.sandbox),
    data: { profile_group: { name: "Listings e2e" } },
  });
  groupId = ((await group.json()) as { id: string }).id;
  for (const platform of ["google_business", "facebook"])
    profiles[platform] = await connectSandboxOAuth(request, {
      token: t.sandbox,
      groupId,
      platform,
      account: "Listings e2e",
    });
});

test.describe("sandbox listings and pages over HTTP", () => {
  test("google_business: read the seeded location, edit it, read the edit back; the gates answer 422 naming the flag", async ({
    request,
  }) => {
    const base = `/api/profiles/${profiles.google_business}/google_business`;
    const [restaurant, plumber] = await placementsOf(request, profiles.google_business!);
    const read = await request.get(
      `${base}/location?${new URLSearchParams({ location_id: restaurant!, read_mask: "title,categories,metadata" })}`,
      { headers: auth(t.sandbox) },
    );
    expect(read.status()).toBe(200);
    expect(await read.json()).toMatchObject({
      title: "Listings e2e (Main Street)",
      categories: { primaryCategory: { displayName: "Italian restaurant" } },
      metadata: { canHaveFoodMenus: true },
    });

    const patch = await request.patch(`${base}/update_location`, {
      headers: auth(t.sandbox),
      data: { location_id: restaurant, fields: ["title"], title: "Listings e2e Trattoria" },
    });
    expect(patch.status()).toBe(200);
    const again = await request.get(
      `${base}/location?${new URLSearchParams({ location_id: restaurant!, read_mask: "title" })}`,
      { headers: auth(t.sandbox) },
    );
    expect(await again.json()).toEqual({ title: "Listings e2e Trattoria" });

    const menus = await request.get(`${base}/food_menus?location_id=${encodeURIComponent(plumber!)}`, {
      headers: auth(t.sandbox),
    });
    expect(menus.status()).toBe(422);
    expect((await menus.json()).errors).toEqual([
      "canHaveFoodMenus is false for this location: it cannot have food menus",
    ]);
    const services = await request.patch(`${base}/update_service_list`, {
      headers: auth(t.sandbox),
      data: { location_id: plumber, serviceItems: [] },
    });
    expect(services.status()).toBe(422);
    expect((await services.json()).errors).toEqual([
      "canModifyServiceList is false for this location: its service list cannot be changed",
    ]);

    const link = await request.post(`${base}/create_place_action_link`, {
      headers: auth(t.sandbox),
      data: { location_id: restaurant, uri: "https://order.example/e2e", placeActionType: "FOOD_ORDERING" },
    });
    expect(link.status()).toBe(201);
    const listed = await (
      await request.get(`${base}/place_action_links?location_id=${encodeURIComponent(restaurant!)}`, {
        headers: auth(t.sandbox),
      })
    ).json();
    expect(listed.placeActionLinks.map((l: { placeActionType: string }) => l.placeActionType)).toEqual([
      "DINING_RESERVATION",
      "FOOD_ORDERING",
    ]);
  });

  test("facebook: update_page is read back; about over 255 characters is 400", async ({ request }) => {
    const base = `/api/profiles/${profiles.facebook}/facebook`;
    const [pageId] = await placementsOf(request, profiles.facebook!);
    const update = await request.patch(`${base}/update_page`, {
      headers: auth(t.sandbox),
      data: { page_id: pageId, about: "Over HTTP", price_range: "$" },
    });
    expect(update.status()).toBe(200);
    const page = await request.get(
      `${base}/page?${new URLSearchParams({ page_id: pageId!, fields: "about,price_range" })}`,
      { headers: auth(t.sandbox) },
    );
    expect(await page.json()).toEqual({ id: pageId, about: "Over HTTP", price_range: "$" });
    const long = await request.patch(`${base}/update_page`, {
      headers: auth(t.sandbox),
      data: { page_id: pageId, about: "x".repeat(256) },
    });
    expect(long.status()).toBe(400);
  });
});
