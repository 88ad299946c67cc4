import { expect, test, type Page } from "@playwright/test";
import { ensureSignedIn, isCall } from "../support/admin-session";

// A profile group's page end to end in Sandbox: OAuth through the sandbox consent screen (allow and
// cancel), placements, form networks (bluesky; telegram's field error and next step), disconnect, and
// the same list through the API. Then Live, where an unconfigured network says so. Runs after
// admin.spec.ts (same OWNER) or on its own.

type ProfileBody = { id: string; name: string; platform: string; status: string; profile_group_id: string };

const suffix = Date.now().toString(36);
const SANDBOX_GROUP = `Sandbox Brand ${suffix}`;
const LIVE_GROUP = `Live Brand ${suffix}`;
const BAD_TOKEN = "not-a-bot-token";

// The group's profiles as the API lists them, with the page's session cookie and environment.
const listProfiles = async (page: Page, groupId: string, environment: "live" | "sandbox"): Promise<ProfileBody[]> => {
  const res = await page.request.get(`/api/profiles?profile_group_id=${groupId}`, {
    headers: { "X-Environment": environment },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: ProfileBody[] }).data;
};

// Creates a group through the dialog on the groups page, opens its page and returns its id.
const createAndOpenGroup = async (page: Page, name: string): Promise<string> => {
  await page.getByTestId("new-profile-group").click();
  const dialog = page.getByTestId("create-profile-group-dialog");
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  const [response] = await Promise.all([
    page.waitForResponse((r) => isCall("POST", "/api/profile_groups")(r.request())),
    dialog.getByRole("button", { name: "Create group" }).click(),
  ]);
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await expect(dialog).toBeHidden();
  await page.getByTestId(`open-profile-group-${id}`).click();
  await expect(page).toHaveURL(new RegExp(`/profile-groups/${id}$`));
  await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  return id;
};

const openPicker = async (page: Page) => {
  await page.getByTestId("connect-account").click();
  const dialog = page.getByTestId("connect-account-dialog");
  await expect(dialog.getByRole("heading", { name: "Connect an account" })).toBeVisible();
  return dialog;
};

test("profile group page: connect through the sandbox consent screen, forms, placements, disconnect; live not configured", async ({
  page,
  baseURL,
}) => {
  // Two round trips through the consent screen and a dozen steps: longer than the default 30 s.
  test.setTimeout(120_000);
  let groupId = "";
  let facebookId = "";
  const initializePath = () => `/api/profile_groups/${groupId}/initialize_connection`;

  await test.step("sign in, switch to Sandbox, create a group and open it", async () => {
    await ensureSignedIn(page);
    await page.getByRole("link", { name: "Profile groups", exact: true }).click();
    await page.getByTestId("env-switch-sandbox").click();
    await expect(page.getByTestId("sandbox-banner")).toBeVisible();
    await expect(page.getByTestId("profile-groups-empty").or(page.getByTestId("profile-groups-table"))).toBeVisible();
    groupId = await createAndOpenGroup(page, SANDBOX_GROUP);
    await expect(page.getByTestId("group-environment")).toHaveText("sandbox");
    await expect(page.getByTestId("profiles-empty")).toBeVisible();
  });

  await test.step("connect Facebook: the sandbox consent screen, Allow, back with a success banner", async () => {
    const dialog = await openPicker(page);
    await expect(dialog.getByTestId("connect-platforms").getByRole("button")).toHaveCount(12);
    const [init] = await Promise.all([
      page.waitForRequest(isCall("POST", initializePath())),
      dialog.getByTestId("connect-platform-facebook").click(),
    ]);
    expect(init.headers()["x-environment"]).toBe("sandbox");
    expect(init.postDataJSON()).toEqual({ platform: "facebook", redirect_url: `${baseURL}/profile-groups/${groupId}` });

    await expect(page).toHaveURL(/\/connect\/sandbox\/consent\?/);
    const consent = page.getByTestId("sandbox-consent");
    await expect(consent).toContainText("Connect a simulated Facebook account");
    await consent.getByLabel("Account name").fill("Acme Sandbox");
    await consent.getByRole("button", { name: "Allow access" }).click();

    // Back on the group page; the outcome's query string is dropped once read.
    await expect(page).toHaveURL(new RegExp(`/profile-groups/${groupId}$`));
    const banner = page.getByTestId("connection-banner");
    await expect(banner).toHaveAttribute("data-outcome", "connected");
    await expect(banner).toContainText("Connected Facebook: Acme Sandbox");

    const profiles = await listProfiles(page, groupId, "sandbox");
    expect(profiles.map((p) => [p.platform, p.name, p.status])).toEqual([["facebook", "Acme Sandbox", "active"]]);
    facebookId = profiles[0]!.id;
  });

  await test.step("the profile is listed active with its 2 placements", async () => {
    const row = page.getByTestId(`profile-row-${facebookId}`);
    await expect(row.getByTestId("profile-name")).toHaveText("Acme Sandbox");
    await expect(row.getByTestId("profile-status")).toHaveText("active");
    await expect(row.getByTestId("profile-expires")).toHaveText("Does not expire");
    await expect(row.getByTestId("placements-count")).toHaveText("2");

    const toggle = row.getByTestId("placements-toggle");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const placements = page.getByTestId(`placements-${facebookId}`).getByTestId("placement");
    await expect(placements.getByTestId("placement-name")).toHaveText(["Acme Sandbox Page 1", "Acme Sandbox Page 2"]);
    for (const id of await placements.getByTestId("placement-id").allTextContents()) expect(id).toMatch(/^\d+$/);
    await expect(placements.first()).toContainText("category: Brand");
    await toggle.click();
    await expect(page.getByTestId(`placements-${facebookId}`)).toHaveCount(0);

    // Shown once: a reload does not bring the banner back.
    await page.reload();
    await expect(page.getByTestId(`profile-row-${facebookId}`)).toBeVisible();
    await expect(page.getByTestId("connection-banner")).toHaveCount(0);
  });

  await test.step("connect Bluesky through its dialog: connected at once", async () => {
    const dialog = await openPicker(page);
    // Active networks cannot be connected twice.
    await expect(dialog.getByTestId("connect-platform-facebook")).toBeDisabled();
    await dialog.getByTestId("connect-platform-bluesky").click();
    await expect(dialog.getByRole("heading", { name: "Connect Bluesky" })).toBeVisible();
    await dialog.getByLabel("Handle or email").fill("acme.bsky.social");
    await dialog.getByLabel("App password").fill("abcd-efgh-ijkl-mnop");
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("POST", initializePath())(r.request())),
      dialog.getByRole("button", { name: "Connect", exact: true }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({
      platform: "bluesky",
      identifier: "acme.bsky.social",
      app_password: "abcd-efgh-ijkl-mnop",
    });
    const { profile } = (await response.json()) as { profile: { id: string } };
    await expect(dialog).toBeHidden();
    const row = page.getByTestId(`profile-row-${profile.id}`);
    await expect(row.getByTestId("profile-name")).toHaveText("acme.bsky.social");
    await expect(row.getByTestId("profile-status")).toHaveText("active");
  });

  await test.step("Telegram: an invalid bot token is refused next to the field, in the server's words; a valid one shows the next step", async () => {
    // What the server answers for this token (its field schema is the one the dialog validates with).
    const serverAnswer = await page.request.post(initializePath(), {
      headers: { "X-Environment": "sandbox", Origin: baseURL! },
      data: { platform: "telegram", bot_token: BAD_TOKEN },
    });
    expect(serverAnswer.status()).toBe(422);
    const { errors } = (await serverAnswer.json()) as { errors: string[] };
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^bot_token: /);

    const dialog = await openPicker(page);
    await dialog.getByTestId("connect-platform-telegram").click();
    let posts = 0;
    const countPosts = (r: { url(): string; method(): string }) =>
      void (isCall("POST", initializePath())(r) && posts++);
    page.on("request", countPosts);
    await dialog.getByLabel("Bot token").fill(BAD_TOKEN);
    await dialog.getByRole("button", { name: "Connect", exact: true }).click();
    await expect(dialog.locator("#connect-bot_token-error")).toHaveText(errors[0]!.replace(/^bot_token: /, ""));
    await expect(dialog.getByLabel("Bot token")).toHaveAttribute("aria-invalid", "true");
    page.off("request", countPosts);
    expect(posts).toBe(0);

    // A well-formed token connects at once and the dialog shows the next step.
    await dialog.getByLabel("Bot token").fill("123456:ABCDEFGHIJKLMNOPQRSTUVWX");
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("POST", initializePath())(r.request())),
      dialog.getByRole("button", { name: "Connect", exact: true }).click(),
    ]);
    expect(response.status()).toBe(200);
    await expect(dialog.getByRole("heading", { name: "Telegram connected" })).toBeVisible();
    await expect(dialog.getByTestId("connect-next-step")).toContainText("administrator of a channel");
    await dialog.getByTestId("connect-done").click();
    await expect(dialog).toBeHidden();
    const { profile } = (await response.json()) as { profile: { id: string } };
    await expect(page.getByTestId(`profile-row-${profile.id}`).getByTestId("placements-count")).toHaveText("1");
  });

  await test.step("cancel on the consent screen for LinkedIn: back with an error banner, no profile", async () => {
    const dialog = await openPicker(page);
    await dialog.getByTestId("connect-platform-linkedin").click();
    await expect(page).toHaveURL(/\/connect\/sandbox\/consent\?/);
    const consent = page.getByTestId("sandbox-consent");
    await expect(consent).toContainText("Connect a simulated LinkedIn account");
    await consent.getByRole("button", { name: "Cancel" }).click();

    await expect(page).toHaveURL(new RegExp(`/profile-groups/${groupId}$`));
    const banner = page.getByTestId("connection-banner");
    await expect(banner).toHaveAttribute("data-outcome", "failed");
    await expect(banner).toContainText("Could not connect LinkedIn: access was not granted on the consent screen.");
    await expect(page.getByTestId(`profile-row-${facebookId}`)).toBeVisible();
    await expect(page.locator('[data-platform="linkedin"]')).toHaveCount(0);
    expect((await listProfiles(page, groupId, "sandbox")).map((p) => p.platform)).not.toContain("linkedin");

    await banner.getByRole("button", { name: "Dismiss" }).click();
    await expect(banner).toHaveCount(0);
  });

  await test.step("disconnect Facebook through the confirmation dialog", async () => {
    await page.getByTestId(`disconnect-profile-${facebookId}`).click();
    const confirm = page.getByTestId("disconnect-profile-dialog");
    await expect(confirm.getByRole("heading", { name: "Disconnect Facebook?" })).toBeVisible();
    await expect(confirm).toContainText("Acme Sandbox");
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("DELETE", `/api/profiles/${facebookId}`)(r.request())),
      confirm.getByRole("button", { name: "Disconnect", exact: true }).click(),
    ]);
    expect(response.status()).toBe(200);
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId(`profile-row-${facebookId}`)).toHaveCount(0);
  });

  await test.step("the API lists what the page shows", async () => {
    const rows = page.locator('[data-testid^="profile-row-"]');
    await expect(rows).toHaveCount(2);
    const shown = await rows.evaluateAll((els) =>
      els.map((el) => [el.getAttribute("data-testid")!.replace("profile-row-", ""), el.getAttribute("data-platform")]),
    );
    const listed = await listProfiles(page, groupId, "sandbox");
    expect(listed.map((p) => [p.id, p.platform])).toEqual(shown);
    expect(listed.map((p) => p.platform).sort()).toEqual(["bluesky", "telegram"]);
    expect(listed.every((p) => p.status === "active" && p.profile_group_id === groupId)).toBe(true);
  });

  await test.step("in Live the sandbox group does not exist", async () => {
    await page.getByTestId("env-switch-live").click();
    await expect(page.getByTestId("profile-group-not-found")).toBeVisible();
  });

  await test.step("Live: Facebook is not configured on this server", async () => {
    await page.getByRole("link", { name: "All profile groups" }).click();
    await expect(page).toHaveURL(/\/profile-groups$/);
    const liveGroupId = await createAndOpenGroup(page, LIVE_GROUP);
    await expect(page.getByTestId("group-environment")).toHaveText("live");

    const dialog = await openPicker(page);
    const [response] = await Promise.all([
      page.waitForResponse((r) =>
        isCall("POST", `/api/profile_groups/${liveGroupId}/initialize_connection`)(r.request()),
      ),
      dialog.getByTestId("connect-platform-facebook").click(),
    ]);
    expect(response.status()).toBe(422);
    expect(response.request().headers()["x-environment"]).toBe("live");
    await expect(dialog.getByText(/Facebook is not configured on this server \(set NETWORK_FACEBOOK_/)).toBeVisible();
    // Nothing happened: still on the group page, the picker usable again.
    await expect(page).toHaveURL(new RegExp(`/profile-groups/${liveGroupId}$`));
    await expect(dialog.getByTestId("connect-platform-facebook")).toBeEnabled();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect(await listProfiles(page, liveGroupId, "live")).toEqual([]);
  });
});
