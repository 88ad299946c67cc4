import { expect, test, type Page } from "@playwright/test";
import { ensureSignedIn } from "../support/admin-session";
import { createSandboxGroup, sandboxRequest, type SandboxGroup } from "../support/sandbox-profiles";
import { dailyTimes, seedPostSnapshots, seedProfileSnapshots } from "../support/stats";

// Stats in the admin, in Sandbox: a profile's page (linked from its group) shows, for each numeric stat
// of the latest snapshot, its value, the change since the previous one and a line over the snapshots;
// placement networks (a Facebook account with two pages) choose the placement; a profile without
// snapshots says so. The post page shows the latest stats per network. Snapshots are written to the
// database (e2e/support/stats.ts); the collection itself is tested in lib/services/stats.
// Runs after admin.spec.ts (same OWNER) or on its own.

type Placement = { id: string; name: string };

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const setUp = async (page: Page, baseURL: string): Promise<SandboxGroup> => {
  await ensureSignedIn(page);
  await page.getByTestId("env-switch-sandbox").click();
  await expect(page.getByTestId("sandbox-banner")).toBeVisible();
  return createSandboxGroup(page, baseURL, `Stats Brand ${suffix()}`);
};

// Connects a sandbox Facebook account through the consent screen; returns its id and its two pages.
const connectFacebook = async (
  page: Page,
  baseURL: string,
  group: SandboxGroup,
): Promise<{ id: string; pages: Placement[] }> => {
  const api = sandboxRequest(page, baseURL);
  const init = await api.post(`/api/profile_groups/${group.id}/initialize_connection`, {
    platform: "facebook",
    redirect_url: `${baseURL}/profile-groups/${group.id}`,
  });
  expect(init.status()).toBe(200);
  await page.goto(((await init.json()) as { url: string }).url);
  const consent = page.getByTestId("sandbox-consent");
  await consent.getByLabel("Account name").fill("Stats Pages");
  await consent.getByRole("button", { name: "Allow access" }).click();
  await expect(page).toHaveURL(new RegExp(`/profile-groups/${group.id}$`));
  const profiles = (
    (await (await api.get(`/api/profiles?profile_group_id=${group.id}`)).json()) as {
      data: { id: string; platform: string }[];
    }
  ).data;
  const id = profiles.find((p) => p.platform === "facebook")!.id;
  const pages = ((await (await api.get(`/api/profiles/${id}/placements`)).json()) as { data: Placement[] }).data;
  expect(pages).toHaveLength(2);
  return { id, pages };
};

const openProfile = async (page: Page, group: SandboxGroup, profileId: string, name: string | RegExp) => {
  await page.goto(`/profile-groups/${group.id}`);
  await page.getByTestId(`profile-row-${profileId}`).getByTestId("profile-name").click();
  await expect(page).toHaveURL(new RegExp(`/profile-groups/${group.id}/profiles/${profileId}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
};

const metric = (page: Page, key: string) => page.getByTestId(`stat-${key}`);

test("profile page: latest stats with their lines, per placement on Facebook; none yet on a fresh profile", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const group = await setUp(page, baseURL!);
  const facebook = await connectFacebook(page, baseURL!, group);
  const days = dailyTimes(5);

  await test.step("seed: five daily Bluesky snapshots; three and two for the Facebook pages; none for Telegram", async () => {
    const followers = [100, 110, 125, 130, 150];
    seedProfileSnapshots(
      group.bluesky,
      days.map((at, i) => ({
        recorded_at: at,
        stats: { followersCount: followers[i]!, followsCount: 40 + i, postsCount: 12 },
      })),
    );
    const [page1, page2] = facebook.pages;
    seedProfileSnapshots(facebook.id, [
      ...days.slice(2).map((at, i) => ({
        placement_id: page1!.id,
        recorded_at: at,
        stats: { fan_count: 900 + i, followers_count: [1000, 1010, 1030][i]!, page_views_total: 7 },
      })),
      ...days.slice(3).map((at, i) => ({
        placement_id: page2!.id,
        recorded_at: at,
        stats: { fan_count: 40 + i, followers_count: [50, 60][i]!, page_views_total: 2 },
      })),
    ]);
    seedProfileSnapshots(group.telegram, []);
  });

  await test.step("Bluesky: each stat's latest value, change and line over the five snapshots", async () => {
    await openProfile(page, group, group.bluesky, /\.bsky\.social$/);
    await expect(page.getByTestId("profile-platform")).toHaveText("Bluesky");
    await expect(page.getByTestId("stats-summary")).toContainText("5 snapshots");
    await expect(page.getByTestId("stats-placement")).toHaveCount(0);
    await expect(page.getByTestId("stats-metrics").getByRole("listitem")).toHaveCount(3);

    const followers = metric(page, "followersCount");
    await expect(followers.getByTestId("stat-value")).toHaveText("150");
    await expect(followers.getByTestId("stat-change")).toHaveText("+20");
    const chart = followers.getByTestId("stat-chart");
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAttribute("data-points", "5");
    await expect(chart).toHaveAttribute("aria-label", "followersCount over 5 snapshots: 100 to 150 (min 100, max 150)");
    // Five points: one move and four lines; the chart has drawn width.
    const d = await chart.getByTestId("sparkline-line").getAttribute("d");
    expect(d?.match(/[ML]/g)).toHaveLength(5);
    expect((await chart.boundingBox())!.width).toBeGreaterThan(100);

    await expect(metric(page, "postsCount").getByTestId("stat-value")).toHaveText("12");
    await expect(metric(page, "postsCount").getByTestId("stat-change")).toHaveText("±0");
  });

  await test.step("Facebook: the first page by default, the other one through the placement selector", async () => {
    const [page1, page2] = facebook.pages;
    await openProfile(page, group, facebook.id, "Stats Pages");
    const select = page.getByTestId("stats-placement");
    await expect(select).toHaveValue(page1!.id);
    await expect(select.getByRole("option")).toHaveText([
      `${page1!.name} (${page1!.id})`,
      `${page2!.name} (${page2!.id})`,
    ]);
    await expect(metric(page, "followers_count").getByTestId("stat-value")).toHaveText("1,030");
    await expect(metric(page, "followers_count").getByTestId("stat-chart")).toHaveAttribute("data-points", "3");
    await expect(page.getByTestId("stats-summary")).toContainText("3 snapshots");

    await select.selectOption(page2!.id);
    await expect(page).toHaveURL(new RegExp(`\\?placement=${page2!.id}$`));
    await expect(metric(page, "followers_count").getByTestId("stat-value")).toHaveText("60");
    await expect(metric(page, "followers_count").getByTestId("stat-change")).toHaveText("+10");
    await expect(metric(page, "followers_count").getByTestId("stat-chart")).toHaveAttribute("data-points", "2");
    await expect(page.getByTestId("stats-summary")).toContainText("2 snapshots");

    // The API agrees: latest_stats per page, summary_stats summed.
    const body = (await (await sandboxRequest(page, baseURL!).get(`/api/profiles/${facebook.id}`)).json()) as {
      latest_stats: { placement_id: string }[];
      summary_stats: Record<string, number>;
    };
    expect(body.latest_stats.map((e) => e.placement_id)).toEqual([page1!.id, page2!.id]);
    expect(body.summary_stats).toEqual({ fan_count: 902 + 41, followers_count: 1090, page_views_total: 9 });
  });

  await test.step("Telegram: no snapshots yet", async () => {
    await openProfile(page, group, group.telegram, "Telegram bot");
    await expect(page.getByTestId("stats-empty")).toContainText("No stats yet");
    await expect(page.getByTestId("stats-metrics")).toHaveCount(0);
  });

  await test.step("a profile of another group's URL is not found", async () => {
    await page.goto(`/profile-groups/grp_1111111111111111/profiles/${group.bluesky}`);
    await expect(page.getByTestId("profile-not-found")).toBeVisible();
  });
});

test("post page: the latest stats per network", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const group = await setUp(page, baseURL!);
  const api = sandboxRequest(page, baseURL!);
  const created = await api.post("/api/posts", { post: { body: `Stats ${suffix()}` }, profiles: [group.bluesky] });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  await expect
    .poll(
      async () =>
        ((await (await api.get(`/api/posts/${id}`)).json()) as { platforms: { status: string }[] }).platforms[0]
          ?.status,
      { timeout: 30_000 },
    )
    .toBe("published");

  const days = dailyTimes(3);
  seedPostSnapshots(id, group.bluesky, [
    { recorded_at: days[0]!, stats: { likes: 3, reposts: 0, comments: 1, quotes: 0 } },
    { recorded_at: days[1]!, stats: { likes: 9, reposts: 1, comments: 2, quotes: 0 } },
    { recorded_at: days[2]!, stats: { likes: 14, reposts: 2, comments: 2, quotes: 1 } },
  ]);

  await page.goto(`/posts/${id}`);
  await expect(page.getByTestId("post-status")).toBeVisible();
  const row = page.getByTestId(`post-stats-${group.bluesky}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId("post-stat-likes").getByTestId("stat-value")).toHaveText("14");
  await expect(row.getByTestId("post-stat-quotes").getByTestId("stat-value")).toHaveText("1");
  await expect(row.getByTestId("post-stat-chart")).toHaveAttribute("data-points", "3");
});
