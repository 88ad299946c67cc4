import { expect, test, type Page } from "@playwright/test";
import { ensureSignedIn, isCall } from "../support/admin-session";
import {
  connectSandboxAccount,
  createSandboxGroup,
  type SandboxGroup,
  type SandboxPlacement as Placement,
} from "../support/sandbox-profiles";

// The listing and page editors in Sandbox: a google_business and a facebook profile connected through
// the consent screen, their simulated locations and pages edited in the admin. An edit shows its diff
// (field, before, after) before saving, the PATCH names exactly the changed fields, and the API reads
// the change back; a change made through the API shows in the editor; a section the location cannot
// have names the gate. Runs after admin.spec.ts (same OWNER) or on its own.

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const headers = (baseURL: string) => ({ "X-Environment": "sandbox", Origin: baseURL });

const setUp = async (page: Page, baseURL: string): Promise<SandboxGroup> => {
  await ensureSignedIn(page);
  await page.getByTestId("env-switch-sandbox").click();
  await expect(page.getByTestId("sandbox-banner")).toBeVisible();
  return createSandboxGroup(page, baseURL, `Listings Brand ${suffix()}`);
};

const connect = (page: Page, baseURL: string, group: SandboxGroup, platform: string, account: string) =>
  connectSandboxAccount(page, baseURL, group.id, platform, account);

const openEditor = async (
  page: Page,
  group: SandboxGroup,
  profileId: string,
  placement: Placement,
  kind: "Edit listing" | "Edit page",
) => {
  await page.goto(`/profile-groups/${group.id}/profiles/${profileId}`);
  await page
    .getByTestId("editor-links")
    .getByRole("link", { name: `${kind}: ${placement.name}` })
    .click();
  await expect(page.getByTestId("placement-id")).toHaveText(placement.id);
};

test("listing editor: edit, review the diff, save only what changed; API edits show in the editor; gates are named", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const group = await setUp(page, baseURL!);
  const { id: profileId, placements } = await connect(page, baseURL!, group, "google_business", "Editor Trattoria");
  const [restaurant, plumber] = placements as [Placement, Placement];
  const location = (query: Record<string, string>) =>
    page.request.get(
      `/api/profiles/${profileId}/google_business/location?${new URLSearchParams({ location_id: restaurant.id, ...query })}`,
      { headers: headers(baseURL!) },
    );

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
    const [patch] = await Promise.all([
      page.waitForRequest((r) => isCall("PATCH", `/api/profiles/${profileId}/google_business/update_hours`)(r)),
      page.getByTestId("hours-save").click(),
    ]);
    expect((patch.postDataJSON() as { fields: string[] }).fields).toEqual(["regularHours"]);
    await expect(page.getByTestId("hours-dialog")).toBeHidden();
    const periods = (
      (await (await location({ read_mask: "regularHours" })).json()) as {
        regularHours: { periods: { openDay: string; openTime: { hours?: number } }[] };
      }
    ).regularHours.periods;
    expect(periods[0]).toMatchObject({ openDay: "MONDAY", openTime: { hours: 8 } });
  });

  await test.step("a change through the API shows in the editor", async () => {
    const res = await page.request.patch(`/api/profiles/${profileId}/google_business/update_location`, {
      headers: headers(baseURL!),
      data: { location_id: restaurant.id, fields: ["websiteUri"], websiteUri: "https://api-edit.example/menu" },
    });
    expect(res.status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId("section-details").getByLabel("Website")).toHaveValue(
      "https://api-edit.example/menu",
    );
    await expect(page.getByTestId("section-menus").getByTestId("menu").first().getByLabel("Menu name")).toHaveValue(
      "Dinner",
    );
  });

  await test.step("attributes, services and food menus: each saves only its own change", async () => {
    await page.getByLabel("Delivery", { exact: true }).selectOption("true");
    const [attributes] = await Promise.all([
      page.waitForRequest((r) => isCall("PATCH", `/api/profiles/${profileId}/google_business/update_attributes`)(r)),
      page
        .getByTestId("attributes-review")
        .click()
        .then(() => page.getByTestId("attributes-save").click()),
    ]);
    await expect(page.getByTestId("attributes-dialog")).toBeHidden();
    expect(attributes.postDataJSON()).toEqual({
      location_id: restaurant.id,
      fields: ["attributes/has_delivery"],
      attributes: [{ name: "attributes/has_delivery", values: [true] }],
    });
    await page.getByLabel("New service").fill("Cooking classes");
    await page.getByRole("button", { name: "Add service" }).click();
    await page.getByTestId("service-row").last().getByLabel("Price").fill("45");
    await page.getByTestId("services-review").click();
    await expect(page.getByTestId("services-dialog").getByTestId("change-serviceItems")).toContainText(
      "Cooking classes — 45",
    );
    await page.getByTestId("services-save").click();
    await expect(page.getByTestId("services-dialog")).toBeHidden();
    const services = await (
      await page.request.get(
        `/api/profiles/${profileId}/google_business/service_list?location_id=${encodeURIComponent(restaurant.id)}`,
        { headers: headers(baseURL!) },
      )
    ).json();
    expect(services.serviceItems.at(-1)).toMatchObject({
      freeFormServiceItem: { label: { displayName: "Cooking classes" } },
      price: { units: "45" },
    });
    await page.getByTestId("section-menus").getByLabel("Dish price").first().fill("19");
    await page.getByTestId("menus-review").click();
    await page.getByTestId("menus-save").click();
    await expect(page.getByTestId("menus-dialog")).toBeHidden();
    const menus = await (
      await page.request.get(
        `/api/profiles/${profileId}/google_business/food_menus?location_id=${encodeURIComponent(restaurant.id)}`,
        { headers: headers(baseURL!) },
      )
    ).json();
    expect(menus.menus[0].sections[0].items[0].attributes).toMatchObject({
      price: { units: "19" },
      allergen: ["WHEAT", "EGG"],
    });
  });

  await test.step("action links and photos: add a link, upload a photo, delete it", async () => {
    const links = page.getByTestId("section-links");
    await links.getByLabel("Link type").selectOption("FOOD_ORDERING");
    await links.getByLabel("New link").fill("https://order.example/trattoria");
    await links.getByRole("button", { name: "Add link" }).click();
    await expect(links.getByTestId("action-link")).toHaveCount(2);
    const photos = page.getByTestId("section-photos");
    await expect(photos.getByTestId("photo")).toHaveCount(2);
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    await photos.getByLabel("Photo category").selectOption("EXTERIOR");
    const [upload] = await Promise.all([
      page.waitForResponse((r) =>
        isCall("POST", `/api/profiles/${profileId}/google_business/create_media`)(r.request()),
      ),
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
    await expect(page.getByTestId("gate-menus")).toHaveText(
      "Food menus are not available for this location (canHaveFoodMenus is false).",
    );
    await expect(page.getByTestId("gate-services")).toContainText("canModifyServiceList is false");
    await expect(page.getByTestId("services-review")).toHaveCount(0);
  });
});

test("listing editor: address and service area, and more hours, each saved with only what changed and read back", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const group = await setUp(page, baseURL!);
  const { id: profileId, placements } = await connect(page, baseURL!, group, "google_business", "Area Works");
  const [restaurant, plumber] = placements as [Placement, Placement];
  const read = async (locationId: string, mask: string) =>
    (
      await page.request.get(
        `/api/profiles/${profileId}/google_business/location?${new URLSearchParams({ location_id: locationId, read_mask: mask })}`,
        { headers: headers(baseURL!) },
      )
    ).json();
  const springfield = { placeName: "Springfield, IL, USA", placeId: "ChIJsandboxSpringfield" };
  const chatham = { placeName: "Chatham, IL, USA", placeId: "ChIJsandboxChatham" };

  await test.step("the plumber's service area: a place without its id is refused in the form; a storefront address and a second place saved as storefrontAddress and serviceArea", async () => {
    await openEditor(page, group, profileId, plumber, "Edit listing");
    const details = page.getByTestId("section-details");
    await expect(details.getByLabel("Service area")).toHaveValue("CUSTOMER_LOCATION_ONLY");
    await expect(details.getByLabel("Places served")).toHaveValue("Springfield, IL, USA | ChIJsandboxSpringfield");
    await details.getByLabel("Places served").fill("Springfield, IL, USA | ChIJsandboxSpringfield\nChatham");
    await expect(
      details.getByText("Each place needs its name and its Google place ID, as name | place ID"),
    ).toBeVisible();
    await expect(page.getByTestId("details-review")).toBeDisabled();
    await details
      .getByLabel("Places served")
      .fill("Springfield, IL, USA | ChIJsandboxSpringfield\nChatham, IL, USA | ChIJsandboxChatham");
    await details.getByLabel("Service area").selectOption("CUSTOMER_AND_BUSINESS_LOCATION");
    await details.getByLabel("Street address").fill("5 Pipe Lane");
    await details.getByLabel("Postal code").fill("62702");
    await details.getByLabel("City").fill("Springfield");
    await details.getByLabel("State or region").fill("IL");
    await details.getByLabel("Country").fill("US");
    await expect(page.getByTestId("details-count")).toHaveText("2 changes");
    await page.getByTestId("details-review").click();
    const dialog = page.getByTestId("details-dialog");
    await expect(dialog.getByTestId("change-storefrontAddress")).toContainText("(not set)");
    await expect(dialog.getByTestId("change-storefrontAddress")).toContainText(
      "5 Pipe Lane, 62702 Springfield, IL, US",
    );
    await expect(dialog.getByTestId("change-serviceArea")).toContainText("Only at the customer's");
    await expect(dialog.getByTestId("change-serviceArea")).toContainText("At the address and the customer's");
    await expect(dialog.getByTestId("change-serviceArea")).toContainText("Chatham, IL, USA");
    const [patch] = await Promise.all([
      page.waitForRequest((r) => isCall("PATCH", `/api/profiles/${profileId}/google_business/update_location`)(r)),
      page.getByTestId("details-save").click(),
    ]);
    const address = {
      addressLines: ["5 Pipe Lane"],
      postalCode: "62702",
      locality: "Springfield",
      administrativeArea: "IL",
      regionCode: "US",
    };
    const area = {
      businessType: "CUSTOMER_AND_BUSINESS_LOCATION",
      regionCode: "US",
      places: { placeInfos: [springfield, chatham] },
    };
    expect(patch.postDataJSON()).toEqual({
      location_id: plumber.id,
      fields: ["storefrontAddress", "serviceArea"],
      storefrontAddress: address,
      serviceArea: area,
    });
    await expect(page.getByTestId("details-dialog")).toBeHidden();
    expect(await read(plumber.id, "storefrontAddress,serviceArea")).toEqual({
      storefrontAddress: address,
      serviceArea: area,
    });
    await expect(page.getByTestId("details-count")).toHaveText("No changes");
  });

  await test.step("an API edit of the service area shows in the editor; clearing it in the editor sends serviceArea: null", async () => {
    const res = await page.request.patch(`/api/profiles/${profileId}/google_business/update_location`, {
      headers: headers(baseURL!),
      data: {
        location_id: plumber.id,
        fields: ["serviceArea"],
        serviceArea: {
          businessType: "CUSTOMER_AND_BUSINESS_LOCATION",
          regionCode: "US",
          places: { placeInfos: [chatham] },
        },
      },
    });
    expect(res.status()).toBe(200);
    await page.reload();
    const details = page.getByTestId("section-details");
    await expect(details.getByLabel("Places served")).toHaveValue("Chatham, IL, USA | ChIJsandboxChatham");
    await details.getByLabel("Places served").fill("");
    await details.getByLabel("Service area").selectOption("");
    await page.getByTestId("details-review").click();
    const [patch] = await Promise.all([
      page.waitForRequest((r) => isCall("PATCH", `/api/profiles/${profileId}/google_business/update_location`)(r)),
      page.getByTestId("details-save").click(),
    ]);
    expect(patch.postDataJSON()).toEqual({ location_id: plumber.id, fields: ["serviceArea"], serviceArea: null });
    await expect(page.getByTestId("details-dialog")).toBeHidden();
    expect(await read(plumber.id, "serviceArea,title")).toEqual({ title: "Area Works Plumbing" });
  });

  await test.step("the restaurant's more hours: its takeout hours shown, delivery hours added, saved with update_hours fields [moreHours]", async () => {
    await openEditor(page, group, profileId, restaurant, "Edit listing");
    const section = page.getByTestId("section-more-hours");
    await expect(section.getByTestId("more-hours-row")).toHaveCount(2);
    await expect(section.getByTestId("more-hours-row").first().getByLabel("Hours type")).toHaveValue("TAKEOUT");
    await expect(section.getByTestId("more-hours-row").first().getByLabel("From")).toHaveValue("12:30");
    await section.getByRole("button", { name: "Add more hours" }).click();
    const added = section.getByTestId("more-hours-row").nth(2);
    await added.getByLabel("Hours type").selectOption("DELIVERY");
    await added.getByLabel("Day").selectOption("FRIDAY");
    await added.getByLabel("From").fill("17:00");
    await added.getByLabel("Until").fill("22:00");
    await page.getByTestId("more-hours-review").click();
    const row = page.getByTestId("more-hours-dialog").getByTestId("change-moreHours");
    await expect(row).toContainText("Takeout: Fri 12:30–21:00");
    await expect(row).toContainText("Delivery: Fri 17:00–22:00");
    const [patch] = await Promise.all([
      page.waitForRequest((r) => isCall("PATCH", `/api/profiles/${profileId}/google_business/update_hours`)(r)),
      page.getByTestId("more-hours-save").click(),
    ]);
    const takeout = ["FRIDAY", "SATURDAY"].map((day) => ({
      openDay: day,
      openTime: { hours: 12, minutes: 30 },
      closeDay: day,
      closeTime: { hours: 21 },
    }));
    const moreHours = [
      { hoursTypeId: "TAKEOUT", periods: takeout },
      {
        hoursTypeId: "DELIVERY",
        periods: [{ openDay: "FRIDAY", openTime: { hours: 17 }, closeDay: "FRIDAY", closeTime: { hours: 22 } }],
      },
    ];
    expect(patch.postDataJSON()).toEqual({ location_id: restaurant.id, fields: ["moreHours"], moreHours });
    await expect(page.getByTestId("more-hours-dialog")).toBeHidden();
    expect(await read(restaurant.id, "moreHours")).toEqual({ moreHours });
    await expect(page.getByTestId("more-hours-count")).toHaveText("No changes");
  });
});

test("page editor: edit the about text, review, save only it; an API edit shows in the editor", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const group = await setUp(page, baseURL!);
  const { id: profileId, placements } = await connect(page, baseURL!, group, "facebook", "Editor Pages");
  const pageOne = placements[0]!;
  const readPage = async (fields: string) =>
    (
      await page.request.get(
        `/api/profiles/${profileId}/facebook/page?${new URLSearchParams({ page_id: pageOne.id, fields })}`,
        { headers: headers(baseURL!) },
      )
    ).json();

  await openEditor(page, group, profileId, pageOne, "Edit page");
  const section = page.getByTestId("section-page");
  await expect(section.getByLabel("Price range")).toHaveValue("$$");
  await section.getByLabel("About").fill("Fresh pasta every day.");
  await page.getByTestId("page-review").click();
  const row = page.getByTestId("page-dialog").getByTestId("change-about");
  await expect(row).toContainText("Fresh pasta every day.");
  await expect(page.getByTestId("page-dialog").getByTestId("changes-table").locator("tbody tr")).toHaveCount(1);
  const [patch] = await Promise.all([
    page.waitForRequest((r) => isCall("PATCH", `/api/profiles/${profileId}/facebook/update_page`)(r)),
    page.getByTestId("page-save").click(),
  ]);
  expect(patch.postDataJSON()).toEqual({ page_id: pageOne.id, about: "Fresh pasta every day." });
  await expect(page.getByTestId("page-dialog")).toBeHidden();
  expect(await readPage("about")).toEqual({ id: pageOne.id, about: "Fresh pasta every day." });

  const res = await page.request.patch(`/api/profiles/${profileId}/facebook/update_page`, {
    headers: headers(baseURL!),
    data: { page_id: pageOne.id, mission: "Changed through the API" },
  });
  expect(res.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("section-page").getByLabel("Mission")).toHaveValue("Changed through the API");
  await expect(page.getByTestId("section-page").getByLabel("About")).toHaveValue("Fresh pasta every day.");
});
