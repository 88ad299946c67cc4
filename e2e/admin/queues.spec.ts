import { expect, test } from "@playwright/test";
import { weekOf } from "@/components/queues/calendar";
import { WEEKDAYS } from "@/lib/schemas/post-queues";
import { ensureSignedIn, isCall } from "../support/admin-session";
import { readPosts, seedQueuedPosts } from "../support/queued-posts";

// The Queues pages end to end: create a queue in a group, add slots, see seeded posts placed in the
// week view, change a post's priority, pause and resume, change the timezone, remove a slot, delete.
// Runs after admin.spec.ts (same OWNER) or on its own.

const suffix = Date.now().toString(36);
const GROUP = `Queue Brand ${suffix}`;
const QUEUE = `Mornings ${suffix}`;

test("queues: create, slots in the week view, seeded posts, priority, pause/resume, timezone, remove a slot, delete", async ({
  page,
}) => {
  test.setTimeout(90_000);
  let groupId = "";
  let queueId = "";
  // Tomorrow's weekday (UTC): three slots that day hold the three seeded posts, one each.
  const day = (new Date().getUTCDay() + 1) % 7;
  const dayName = WEEKDAYS[day]!;
  let postIds: string[] = [];

  await test.step("sign in and create a profile group", async () => {
    await ensureSignedIn(page);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Profile groups", exact: true })
      .click();
    await page.getByTestId("new-profile-group").click();
    const dialog = page.getByTestId("create-profile-group-dialog");
    await dialog.getByLabel("Name", { exact: true }).fill(GROUP);
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("POST", "/api/profile_groups")(r.request())),
      dialog.getByRole("button", { name: "Create group" }).click(),
    ]);
    groupId = ((await response.json()) as { id: string }).id;
    await expect(dialog).toBeHidden();
  });

  await test.step("the Queues page: the create dialog validates, then creates a queue in the group", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Queues", exact: true }).click();
    await expect(page).toHaveURL(/\/queues$/);
    await expect(page.getByRole("heading", { name: "Queues", exact: true })).toBeVisible();
    const section = page.getByTestId(`queue-group-${groupId}`);
    await expect(section).toContainText("No queues in this group.");

    await section.getByRole("button", { name: `New queue in ${GROUP}` }).click();
    const dialog = page.getByTestId("create-queue-dialog");
    await expect(dialog.getByLabel("Profile group")).toHaveValue(groupId);
    // Client-side validation from the API's schema: no request for an empty name or a jitter of 90.
    await dialog.getByLabel("Jitter (minutes)").fill("90");
    await dialog.getByRole("button", { name: "Create queue" }).click();
    await expect(dialog.locator("#queue-name-error")).toHaveText("Name can't be blank");
    await expect(dialog.locator("#queue-jitter-error")).toHaveText(
      "Jitter must be a whole number of minutes from 0 to 60",
    );

    await dialog.getByLabel("Name", { exact: true }).fill(QUEUE);
    await dialog.getByLabel("Description").fill("Three a day");
    await dialog.getByLabel("Timezone").selectOption("UTC");
    await dialog.getByLabel("Jitter (minutes)").fill("0");
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("POST", "/api/post_queues")(r.request())),
      dialog.getByRole("button", { name: "Create queue" }).click(),
    ]);
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({
      profile_group_id: groupId,
      post_queue: { name: QUEUE, description: "Three a day", timezone: "UTC", jitter: 0 },
    });
    queueId = ((await response.json()) as { id: string }).id;
    await expect(dialog).toBeHidden();

    const row = page.getByTestId(`queue-row-${queueId}`);
    await expect(row).toContainText(QUEUE);
    await expect(row.getByTestId("queue-status")).toHaveText("active");
    await expect(row.getByTestId("queue-slots-count")).toHaveText("0");
  });

  await test.step("the queue page: add three slots, see them in the week view", async () => {
    await page.getByTestId(`open-queue-${queueId}`).click();
    await expect(page).toHaveURL(new RegExp(`/queues/${queueId}$`));
    await expect(page.getByRole("heading", { name: QUEUE })).toBeVisible();
    await expect(page.getByTestId("calendar-empty")).toBeVisible();
    await expect(page.getByTestId("queue-next-slot")).toHaveText("no timeslots");
    for (const d of [0, 1, 2, 3, 4, 5, 6]) await expect(page.getByTestId(`calendar-day-${d}`)).toHaveCount(0);

    const form = page.getByTestId("add-slot-form");
    for (const time of ["09:00", "12:00", "15:00"]) {
      await form.getByLabel("Day").selectOption(String(day));
      await form.getByLabel("Time").fill(time);
      const [response] = await Promise.all([
        page.waitForResponse((r) => isCall("PATCH", `/api/post_queues/${queueId}`)(r.request())),
        form.getByRole("button", { name: "Add slot" }).click(),
      ]);
      expect(response.status()).toBe(200);
      expect(response.request().postDataJSON()).toEqual({
        post_queue: { queue_timeslots_attributes: [{ day, time }] },
      });
      await expect(page.getByTestId(`slot-${day}-${time}`)).toBeVisible();
    }
    await expect(page.getByTestId("queue-calendar")).toBeVisible();
    for (const d of [0, 1, 2, 3, 4, 5, 6])
      await expect(page.getByTestId(`calendar-day-${d}`)).toContainText(WEEKDAYS[d]!.slice(0, 3));
    await expect(page.getByTestId("queue-next-slot")).toContainText(dayName.slice(0, 3));
  });

  await test.step("seeded posts appear in their slots, highest priority first", async () => {
    // Created in this order, oldest first: [high, medium, low].
    postIds = seedQueuedPosts(queueId, [
      { body: "High priority launch news", priority: "high" },
      { body: "Medium priority update", priority: "medium" },
      { body: "Low priority announcement", priority: "low" },
    ]);
    const first = new Date(readPosts(postIds)[0]!.scheduled_at!);
    // The week that holds tomorrow: this one, or the next when today is Saturday.
    const offset = Math.round(
      (weekOf("UTC", first).from.getTime() - weekOf("UTC", new Date()).from.getTime()) / (7 * 86_400_000),
    );
    await page.reload();
    for (let i = 0; i < offset; i++) await page.getByRole("button", { name: "Next week" }).click();

    const cell = (time: string) => page.getByTestId(`calendar-cell-${day}-${time}`);
    await expect(cell("09:00")).toContainText("High priority launch news");
    await expect(cell("09:00").getByTestId("post-priority")).toHaveText("high");
    await expect(cell("09:00").getByTestId("post-time")).toHaveText("09:00");
    await expect(cell("12:00")).toContainText("Medium priority update");
    await expect(cell("15:00")).toContainText("Low priority announcement");
    await expect(page.getByTestId("queue-posts-count")).toHaveText("3");
  });

  await test.step("raising a post's priority rearranges the queue", async () => {
    const low = page.getByTestId(`queued-post-${postIds[2]}`);
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("PATCH", `/api/admin/queued_posts/${postIds[2]}`)(r.request())),
      low.getByLabel("Priority of Low priority announcement").selectOption("high"),
    ]);
    expect(response.status()).toBe(200);
    // High (older) keeps 09:00; the raised post takes 12:00; medium moves to 15:00.
    await expect(page.getByTestId(`calendar-cell-${day}-12:00`)).toContainText("Low priority announcement");
    await expect(page.getByTestId(`calendar-cell-${day}-12:00`).getByTestId("post-priority")).toHaveText("high");
    await expect(page.getByTestId(`calendar-cell-${day}-15:00`)).toContainText("Medium priority update");
  });

  await test.step("pause, then resume", async () => {
    await page.getByTestId("toggle-queue").click();
    await expect(page.getByTestId("queue-status")).toHaveText("paused");
    await expect(page.getByText("Paused: posts in this queue are not published")).toBeVisible();
    await expect(page.getByTestId("toggle-queue")).toHaveText("Resume queue");
    await page.reload();
    await expect(page.getByTestId("queue-status")).toHaveText("paused");

    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("PATCH", `/api/post_queues/${queueId}`)(r.request())),
      page.getByTestId("toggle-queue").click(),
    ]);
    expect(response.request().postDataJSON()).toEqual({ post_queue: { enabled: true } });
    await expect(page.getByTestId("queue-status")).toHaveText("active");
    await expect(page.getByTestId("toggle-queue")).toHaveText("Pause queue");
  });

  await test.step("changing the timezone keeps the slots' wall clocks", async () => {
    await page.getByTestId("queue-timezone").selectOption("Asia/Tokyo");
    await expect(page.getByText("Times in Asia/Tokyo.")).toBeVisible();
    for (const time of ["09:00", "12:00", "15:00"]) await expect(page.getByTestId(`slot-${day}-${time}`)).toBeVisible();
    const times = readPosts(postIds).map((p) => new Date(p.scheduled_at!).getUTCHours());
    expect(times.sort((x, y) => x - y)).toEqual([0, 3, 6]); // 09:00, 12:00, 15:00 in Tokyo
    await page.getByTestId("queue-timezone").selectOption("UTC");
    await expect(page.getByText("Times in UTC.")).toBeVisible();
  });

  await test.step("removing a slot rearranges; the list shows the counts", async () => {
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("PATCH", `/api/post_queues/${queueId}`)(r.request())),
      page.getByRole("button", { name: `Remove slot ${dayName} 12:00` }).click(),
    ]);
    expect(response.status()).toBe(200);
    await expect(page.getByTestId(`slot-${day}-12:00`)).toHaveCount(0);
    await expect(page.getByTestId(`slot-${day}-09:00`)).toBeVisible();
    const stored = readPosts(postIds);
    // high 09:00 and the raised post 15:00 tomorrow; medium a week later at 09:00
    expect(stored.map((p) => new Date(p.scheduled_at!).getUTCHours())).toEqual([9, 9, 15]);
    expect(new Date(stored[1]!.scheduled_at!).getTime() - new Date(stored[0]!.scheduled_at!).getTime()).toBe(
      7 * 86_400_000,
    );

    await page.getByRole("link", { name: "← Queues" }).click();
    const row = page.getByTestId(`queue-row-${queueId}`);
    await expect(row.getByTestId("queue-slots-count")).toHaveText("2");
    await expect(row.getByTestId("queue-posts-count")).toHaveText("3");
  });

  await test.step("delete the queue: the posts stay, without it", async () => {
    await page.getByTestId(`delete-queue-${queueId}`).click();
    const confirm = page.getByTestId("delete-queue-dialog");
    await expect(confirm).toContainText("3 waiting posts keep their scheduled time");
    await confirm.getByRole("button", { name: "Delete queue" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId(`queue-row-${queueId}`)).toHaveCount(0);
    expect(readPosts(postIds).map((p) => p.queue_id)).toEqual([null, null, null]);
    await page.goto(`/queues/${queueId}`);
    await expect(page.getByTestId("queue-not-found")).toBeVisible();
  });
});
