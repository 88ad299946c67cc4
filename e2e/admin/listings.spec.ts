import { expect, test, type Page } from "@playwright/test";
import { ensureSignedIn, isCall } from "../support/admin-session";
import { createSandboxGroup, sandboxRequest, type SandboxGroup } from "../support/sandbox-profiles";

// The listing and page editors in Sandbox: a google_business and a facebook profile connected through
// the consent screen, their simulated locations and pages edited in the admin. An edit shows its diff
// (field, before, after) before saving, the PATCH names exactly the changed fields, and the API reads
// the change back; a change made through the API shows in the editor; a section the location cannot
// have names the gate. Runs after admin.spec.ts (same OWNER) or on its own.

type Placement = { id: string; name: string };
const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const headers = (baseURL: string) => ({ "X-Environment": "sandbox", Origin: baseURL });

const setUp = async (page: Page, baseURL: string): Promise<SandboxGroup> => {
  await ensureSignedIn(page);
  await page.getByTestId("env-switch-sandbox").click();
  await expect(page.getByTestId("sandbox-banner")).toBeVisible();
  return createSandboxGroup(page, baseURL, `Listings Brand ${suffix()}`);
};

// Connects a sandbox account of `platform` through the consent screen; its profile id and placements.
const connect = async (page: Page, baseURL: string, group: SandboxGroup, platform: string, account: string) => {
  const api = sandboxRequest(page, baseURL);
  const init = await api.post(`/api/profile_groups/${group.id}/initialize_connection`, { platform, redirect_url: `${baseURL}/profile-groups/${group.id}` });
  expect(init.status()).toBe(200);
  await page.goto(((await init.json()) as { url: string }).url);
  const consent = page.getByTestId("sandbox-consent");
  await consent.getByLabel("Account name").fill(account);
  await consent.getByRole("button", { name: "Allow access" }).click();
  await expect(page).toHaveURL(new RegExp(`/profile-groups/${group.id}$`));
  const profiles = ((await (await api.get(`/api/profiles?profile_group_id=${group.id}`)).json()) as { data: { id: string; platform: string }[] }).data;
  const id = profiles.find((p) => p.platform === platform)!.id;
  const placements = ((await (await api.get(`/api/profiles/${id}/placements`)).json()) as { data: Placement[] }).data.sort((a, b) => a.id.localeCompare(b.id));
  return { id, placements };
};

const openEditor = async (page: Page, group: SandboxGroup, profileId: string, placement: Placement, kind: "Edit listing" | "Edit page") => {
  await page.goto(`/profile-groups/${group.id}/profiles/${profileId}`);
  await page.getByTestId("editor-links").getByRole("link", { name: `${kind}: ${placement.name}` }).click();
  await expect(page.getByTestId("placement-id")).toHaveText(placement.id);
};

test("listing editor: edit, review the diff, save only what changed; API edits show in the editor; gates are named", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const group = await setUp(page, baseURL!);
  const { id: profileId, placements } = await connect(page, baseURL!, group, "google_business", "Editor Trattoria");
  const [restaurant, plumber] = placements as [Placement, Placement];
  const location = (query: Record<string, string>) => page.request.get(`/api/profiles/${profileId}/google_business/location?${new URLSearchParams({ location_id: restaurant.id, ...query })}`, { headers: headers(baseURL!) });

  await test.step("the name: edited, reviewed (before and after), saved with fields [title], read back through the API", async () => {
    await openEditor(page, group, profileId, restaurant, "Edit listing");
    const details = page.getByTestId("section-details");
    await expect(details.getByLabel("Business name")).toHaveValue("Editor Trattoria (Main Street)");
    await details.getByLabel("Business name").fill("Trattoria on Main");
    await expect(page.getByTestId("details-count")).toHaveText("1 change");
    await page.getByTestId("details-review").click();
    const row = page.getByTestId("details-dialog").getByTestId("change-title");
    await expect(row).toContainText("Business name");
    await expect(row).toContainText("Editor Trattoria (Main Street)");
    await expect(row).toContainText("Trattoria on Main");
    const [patch] = await Promise.all([
      page.waitForRequest((r) => isCall("PATCH", `/api/profiles/${profileId}/google_business/update_location`)(r)),
      page.getByTestId("details-save").click(),
    ]);
    expect(patch.postDataJSON()).toEqual({ location_id: restaurant.id, fields: ["title"], title: "Trattoria on Main" });
    await expect(page.getByTestId("details-dialog")).toBeHidden();
    expect(await (await location({ read_mask: "title" })).json()).toEqual({ title: "Trattoria on Main" });
    await expect(page.getByTestId("details-count")).toHaveText("No changes");
  });

  await test.step("hours: Monday opened in the weekly grid, saved with update_hours", async () => {
    await page.getByTestId("hours-MONDAY").getByRole("button", { name: "Add hours" }).click();
    await page.getByLabel("Monday opens").fill("08:00");
    await page.getByLabel("Monday closes").fill("14:00");
    await page.getByTestId("hours-review").click();
    await expect(page.getByTestId("hours-dialog").getByTestId("change-regularHours")).toContainText("Mon 08:00–14:00");
    const [patch] = await Promise.all([page.waitForRequest((r) => isCall("PATCH", `/api/profiles/${profileId}/google_business/update_hours`)(r)), page.getByTestId("hours-save").click()]);
    expect((patch.postDataJSON() as { fields: string[] }).fields).toEqual(["regularHours"]);
    await expect(page.getByTestId("hours-dialog")).toBeHidden();
    const periods = ((await (await location({ read_mask: "regularHours" })).json()) as { regularHours: { periods: { openDay: string; openTime: { hours?: number } }[] } }).regularHours.periods;
    expect(periods[0]).toMatchObject({ openDay: "MONDAY", openTime: { hours: 8 } });
  });

  await test.step("a change through the API shows in the editor", async () => {
    const res = await page.request.patch(`/api/profiles/${profileId}/google_business/update_location`, {
      headers: headers(baseURL!),
      data: { location_id: restaurant.id, fields: ["websiteUri"], websiteUri: "https://api-edit.example/menu" },
    });
    expect(res.status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId("section-details").getByLabel("Website")).toHaveValue("https://api-edit.example/menu");
    await expect(page.getByTestId("section-menus").getByTestId("menu").first().getByLabel("Menu name")).toHaveValue("Dinner");
  });

  await test.step("attributes, services and food menus: each saves only its own change", async () => {
    await page.getByLabel("Delivery", { exact: true }).selectOption("true");
    const [attributes] = await Promise.all([
      page.waitForRequest((r) => isCall("PATCH", `/api/profiles/${profileId}/google_business/update_attributes`)(r)),
      page.getByTestId("attributes-review").click().then(() => page.getByTestId("attributes-save").click()),
    ]);
    await expect(page.getByTestId("attributes-dialog")).toBeHidden();
    expect(attributes.postDataJSON()).toEqual({ location_id: restaurant.id, fields: ["attributes/has_delivery"], attributes: [{ name: "attributes/has_delivery", values: [true] }] });
    await page.getByLabel("New service").fill("Cooking classes");
    await page.getByRole("button", { name: "Add service" }).click();
    await page.getByTestId("service-row").last().getByLabel("Price").fill("45");
    await page.getByTestId("services-review").click();
    await expect(page.getByTestId("services-dialog").getByTestId("change-serviceItems")).toContainText("Cooking classes — 45");
    await page.getByTestId("services-save").click();
    await expect(page.getByTestId("services-dialog")).toBeHidden();
    const services = await (await page.request.get(`/api/profiles/${profileId}/google_business/service_list?location_id=${encodeURIComponent(restaurant.id)}`, { headers: headers(baseURL!) })).json();
    expect(services.serviceItems.at(-1)).toMatchObject({ freeFormServiceItem: { label: { displayName: "Cooking classes" } }, price: { units: "45" } });
    await page.getByTestId("section-menus").getByLabel("Dish price").first().fill("19");
    await page.getByTestId("menus-review").click();
    await page.getByTestId("menus-save").click();
    await expect(page.getByTestId("menus-dialog")).toBeHidden();
    const menus = await (await page.request.get(`/api/profiles/${profileId}/google_business/food_menus?location_id=${encodeURIComponent(restaurant.id)}`, { headers: headers(baseURL!) })).json();
    expect(menus.menus[0].sections[0].items[0].attributes).toMatchObject({ price: { units: "19" }, allergen: ["WHEAT", "EGG"] });
  });

  await test.step("action links and photos: add a link, upload a photo, delete it", async () => {
    const links = page.getByTestId("section-links");
    await links.getByLabel("Link type").selectOption("FOOD_ORDERING");
    await links.getByLabel("New link").fill("https://order.example/trattoria");
    await links.getByRole("button", { name: "Add link" }).click();
    await expect(links.getByTestId("action-link")).toHaveCount(2);
    const photos = page.getByTestId("section-photos");
    await expect(photos.getByTestId("photo")).toHaveCount(2);
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    await photos.getByLabel("Photo category").selectOption("EXTERIOR");
    const [upload] = await Promise.all([
      page.waitForResponse((r) => isCall("POST", `/api/profiles/${profileId}/google_business/create_media`)(r.request())),
      photos.getByLabel("Photo file").setInputFiles({ name: "front.png", mimeType: "image/png", buffer: png }),
    ]);
    expect(upload.status()).toBe(201);
    await expect(photos.getByTestId("photo")).toHaveCount(3);
    await photos.getByTestId("photo").first().getByRole("button", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Delete photo" }).click();
    await expect(photos.getByTestId("photo")).toHaveCount(2);
  });

  await test.step("the plumber: food menus and services name the gate that blocks them", async () => {
    await openEditor(page, group, profileId, plumber, "Edit listing");
    await expect(page.getByTestId("gate-menus")).toHaveText("Food menus are not available for this location (canHaveFoodMenus is false).");
    await expect(page.getByTestId("gate-services")).toContainText("canModifyServiceList is false");
    await expect(page.getByTestId("services-review")).toHaveCount(0);
  });
});

test("page editor: edit the about text, review, save only it; an API edit shows in the editor", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const group = await setUp(page, baseURL!);
  const { id: profileId, placements } = await connect(page, baseURL!, group, "facebook", "Editor Pages");
  const pageOne = placements[0]!;
  const readPage = async (fields: string) =>
    (await page.request.get(`/api/profiles/${profileId}/facebook/page?${new URLSearchParams({ page_id: pageOne.id, fields })}`, { headers: headers(baseURL!) })).json();

  await openEditor(page, group, profileId, pageOne, "Edit page");
  const section = page.getByTestId("section-page");
  await expect(section.getByLabel("Price range")).toHaveValue("$$");
  await section.getByLabel("About").fill("Fresh pasta every day.");
  await page.getByTestId("page-review").click();
  const row = page.getByTestId("page-dialog").getByTestId("change-about");
  await expect(row).toContainText("Fresh pasta every day.");
  await expect(page.getByTestId("page-dialog").getByTestId("changes-table").locator("tbody tr")).toHaveCount(1);
  const [patch] = await Promise.all([page.waitForRequest((r) => isCall("PATCH", `/api/profiles/${profileId}/facebook/update_page`)(r)), page.getByTestId("page-save").click()]);
  expect(patch.postDataJSON()).toEqual({ page_id: pageOne.id, about: "Fresh pasta every day." });
  await expect(page.getByTestId("page-dialog")).toBeHidden();
  expect(await readPage("about")).toEqual({ id: pageOne.id, about: "Fresh pasta every day." });

  const res = await page.request.patch(`/api/profiles/${profileId}/facebook/update_page`, { headers: headers(baseURL!), data: { page_id: pageOne.id, mission: "Changed through the API" } });
  expect(res.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("section-page").getByLabel("Mission")).toHaveValue("Changed through the API");
  await expect(page.getByTestId("section-page").getByLabel("About")).toHaveValue("Fresh pasta every day.");
});
