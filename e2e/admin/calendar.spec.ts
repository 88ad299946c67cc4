import { expect, test } from "@playwright/test";
import { addDays, dayIn, instantAt } from "@/components/calendar/dates";
import { ensureSignedIn, isCall } from "../support/admin-session";
import { createSandboxGroup, sandboxRequest } from "../support/sandbox-profiles";

// The content calendar (/calendar, components/calendar) end to end in Sandbox: a brand with bluesky and
// telegram profiles and a Europe/Paris queue; a post scheduled on bluesky shows with its status in the
// week and month views, in the brand's zone; the network filter in the URL; dragging the card to another
// hour changes the post's scheduled_at through the API; an empty hour opens the composer at that time;
// the queue's open slot is shown; the 12/24-hour choice sticks across a reload (cookie); a phone gets a
// list of days.

test.use({ timezoneId: "UTC" }); // the browser's zone: the composer's datetime-local is UTC below

const ZONE = "Europe/Paris";
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
type Stored = { id: string; scheduled_at: string | null; status: string };

test("calendar: week and month views, URL filters, drag to reschedule, compose at an empty hour, 12/24-hour", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await ensureSignedIn(page);
  await page.getByTestId("env-switch-sandbox").click();
  await expect(page.getByTestId("sandbox-banner")).toBeVisible();
  const group = await createSandboxGroup(page, baseURL!, `Calendar Brand ${suffix}`);
  const api = sandboxRequest(page, baseURL!);
  const headers = { "X-Environment": "sandbox", Origin: baseURL! };

  // Two days ahead in Paris: a post at 09:15 and the queue's slot at 10:00 that day.
  const day = addDays(dayIn(new Date(), ZONE), 2);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const queue = await api.post("/api/post_queues", {
    profile_group_id: group.id,
    post_queue: { name: `Paris ${suffix}`, timezone: ZONE, jitter: 0 },
  });
  expect(queue.status()).toBe(201);
  const queueId = ((await queue.json()) as { id: string }).id;
  const slots = await page.request.patch(`/api/post_queues/${queueId}`, {
    headers,
    data: { post_queue: { queue_timeslots_attributes: [{ day: weekday, time: "10:00" }] } },
  });
  expect(slots.status()).toBe(200);
  const at = instantAt(day, ZONE, 9, 15).toISOString();
  const created = await api.post("/api/posts", {
    profile_group_id: group.id,
    profiles: [group.bluesky],
    post: { body: `Calendar post ${suffix}`, scheduled_at: at },
  });
  expect(created.status()).toBe(200);
  const post = (await created.json()) as Stored;
  const card = page.getByTestId(`calendar-post-${post.id}`);
  const cell = (hour: number, d = day) => page.getByTestId(`calendar-cell-${d}-${String(hour).padStart(2, "0")}`);

  await test.step("the week view of the brand: the card in its hour with its status, in the brand's zone", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Calendar", exact: true }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await page.getByLabel("Brand", { exact: true }).selectOption(group.id);
    await expect(page).toHaveURL(new RegExp(`brand=${group.id}`));
    await page.goto(`/calendar?brand=${group.id}&date=${day}&view=week`);
    await expect(page.getByTestId("calendar-zone-label")).toHaveText(/^Europe\/Paris \(UTC\+0[12]:00\)$/);
    await expect(cell(9).getByTestId(`calendar-post-${post.id}`)).toBeVisible();
    await expect(card.getByTestId("calendar-post-status")).toHaveText("scheduled");
    await expect(card.getByTestId("calendar-post-time")).toHaveText("09:15");
    await expect(card.getByTestId("calendar-post-networks").locator("[data-network]")).toHaveAttribute(
      "data-network",
      "bluesky",
    );
    await expect(card).toContainText(group.name);
    await expect(cell(10).getByTestId("calendar-open-slot")).toContainText(`10:00 · open slot · Paris ${suffix}`);
  });

  await test.step("the month view shows the card on its day", async () => {
    await page.getByTestId("calendar-view-month").click();
    await expect(page).toHaveURL(/view=month/);
    const monthDay = page.getByTestId(`calendar-month-day-${day}`);
    await expect(monthDay.getByTestId(`calendar-post-${post.id}`)).toBeVisible();
    await expect(monthDay.getByTestId("calendar-post-status")).toHaveText("scheduled");
  });

  await test.step("the network filter lives in the URL", async () => {
    await page.goto(`/calendar?brand=${group.id}&date=${day}&view=week&network=telegram`);
    await expect(page.getByLabel("Network", { exact: true })).toHaveValue("telegram");
    await expect(page.getByTestId("calendar-time-grid")).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.getByLabel("Network", { exact: true }).selectOption("bluesky");
    await expect(page).toHaveURL(/network=bluesky/);
    await expect(card).toBeVisible();
  });

  await test.step("dragging the card to 14:00 moves the post to 14:15 (Paris) through the API", async () => {
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("PATCH", `/api/posts/${post.id}`)(r.request())),
      card.dragTo(cell(14)),
    ]);
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({
      post: { scheduled_at: instantAt(day, ZONE, 14, 15).toISOString() },
    });
    const stored = (await (await api.get(`/api/posts/${post.id}`)).json()) as Stored;
    expect(stored.scheduled_at).toBe(instantAt(day, ZONE, 14, 15).toISOString());
    await expect(cell(14).getByTestId(`calendar-post-${post.id}`)).toBeVisible();
    await expect(cell(9).getByTestId(`calendar-post-${post.id}`)).toHaveCount(0);
  });

  await test.step("12/24-hour: the choice changes every time shown and survives a reload", async () => {
    await page.getByTestId("hour-cycle-h12").click();
    await expect(card.getByTestId("calendar-post-time")).toHaveText("2:15 PM");
    await page.reload();
    await expect(card.getByTestId("calendar-post-time")).toHaveText("2:15 PM");
    await expect(page.getByTestId("hour-cycle-h12")).toHaveAttribute("aria-pressed", "true");
    await page.getByTestId("hour-cycle-h23").click();
    await expect(card.getByTestId("calendar-post-time")).toHaveText("14:15");
  });

  await test.step("on a 390 px phone the week is a list of days, nothing wider than the screen", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId("calendar-agenda")).toBeVisible();
    await expect(page.getByTestId(`calendar-agenda-${day}`).getByTestId(`calendar-post-${post.id}`)).toBeVisible();
    await expect(page.getByTestId("calendar-time-grid")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step("clicking an empty hour opens the composer at that time in the brand", async () => {
    const when = instantAt(day, ZONE, 16);
    await cell(16).getByTestId("calendar-compose").click();
    await expect(page).toHaveURL(/\/posts\/new\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get("scheduled_at")).toBe(when.toISOString());
    expect(url.searchParams.get("group")).toBe(group.id);
    await expect(page.getByTestId("schedule-at")).toBeChecked();
    await expect(page.locator("#composer-scheduled-at")).toHaveValue(when.toISOString().slice(0, 16)); // UTC browser
  });
});
