import { expect, test, type Page } from "@playwright/test";
import { ensureSignedIn, isCall } from "../support/admin-session";
import { createSandboxGroup, sandboxRequest, type SandboxGroup } from "../support/sandbox-profiles";

// The actions on a post's page (components/posts/post-actions.tsx) end to end in Sandbox: edit a scheduled
// post's body and time in the composer, reschedule, duplicate, publish now after a confirmation, delete
// everywhere; and the truthful status (components/posts/post-summary.ts) of a post whose networks all
// failed (#sandbox-fail), red on the page and in the list, with a confirmed retry of the failed networks.
// Each test seeds its own sandbox group (bluesky + telegram) through the API.

test.use({ timezoneId: "UTC" }); // datetime-local values below are UTC

type PostBody = {
  id: string;
  body: string;
  status: string;
  scheduled_at: string | null;
  platforms: { profile_id: string; platform: string; status: string }[];
};

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PUBLISH_TIMEOUT = 30_000;
// A whole minute `hours` from now, as the API stores it and as datetime-local shows it (UTC).
const hoursAhead = (hours: number) => {
  const d = new Date(Date.now() + hours * 3600_000);
  d.setUTCSeconds(0, 0);
  return { iso: d.toISOString(), local: d.toISOString().slice(0, 16) };
};

const setUp = async (page: Page, baseURL: string): Promise<SandboxGroup> => {
  await ensureSignedIn(page);
  await page.getByTestId("env-switch-sandbox").click();
  await expect(page.getByTestId("sandbox-banner")).toBeVisible();
  return createSandboxGroup(page, baseURL, `Actions Brand ${suffix()}`);
};

test("a scheduled post: edit body and time, reschedule, duplicate, publish now, delete everywhere", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const group = await setUp(page, baseURL!);
  const api = sandboxRequest(page, baseURL!);
  const created = await api.post("/api/posts", {
    profile_group_id: group.id,
    profiles: [group.bluesky],
    post: { body: "Original words", scheduled_at: hoursAhead(2).iso },
  });
  expect(created.status()).toBe(200);
  const post = (await created.json()) as PostBody;
  const stored = async (id = post.id) =>
    (await (await api.get(`/api/posts/${id}`)).json()) as PostBody & {
      queue_id: string | null;
      queue_priority: string;
    };
  // A queue of the group with one weekly slot about 12 hours ahead (UTC).
  const slot = new Date(Date.now() + 12 * 3600_000);
  const queued = await api.post("/api/post_queues", {
    profile_group_id: group.id,
    post_queue: {
      name: `Actions queue ${suffix()}`,
      timezone: "UTC",
      queue_timeslots_attributes: [{ day: slot.getUTCDay(), time: slot.toISOString().slice(11, 16) }],
    },
  });
  expect(queued.status()).toBe(201);
  const queue = (await queued.json()) as { id: string };

  await test.step("the post page offers the actions of a scheduled post", async () => {
    await page.goto(`/posts/${post.id}`);
    await expect(page.getByTestId("post-status")).toHaveText("scheduled");
    for (const id of ["edit-post", "reschedule-post", "duplicate-post", "publish-now", "delete-post"])
      await expect(page.getByTestId(id)).toBeVisible();
    await expect(page.getByTestId("publish-post")).toHaveCount(0);
    await expect(page.getByTestId("retry-failed")).toHaveCount(0);
  });

  await test.step("Edit: the composer opens with the post; body and time are saved through PATCH", async () => {
    await page.getByTestId("edit-post").click();
    await expect(page).toHaveURL(new RegExp(`/posts/${post.id}/edit$`));
    await expect(page.getByRole("heading", { name: "Edit post" })).toBeVisible();
    await expect(page.getByTestId("composer-body")).toHaveValue("Original words");
    await expect(page.getByTestId(`composer-profile-${group.bluesky}`)).toBeChecked();
    await expect(page.getByTestId("schedule-at")).toBeChecked();
    const later = hoursAhead(3);
    await page.getByTestId("composer-body").fill("Edited words");
    await page.locator("#composer-scheduled-at").fill(later.local);
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("PATCH", `/api/posts/${post.id}`)(r.request())),
      page.getByTestId("composer-submit").click(),
    ]);
    expect(response.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
    await expect(page.getByTestId("post-body")).toHaveText("Edited words");
    expect(await stored()).toMatchObject({ body: "Edited words", scheduled_at: later.iso, status: "scheduled" });
  });

  await test.step("Reschedule: a dialog with the time; focus returns to the button", async () => {
    const later = hoursAhead(5);
    await page.getByTestId("reschedule-post").click();
    const dialog = page.getByTestId("reschedule-dialog");
    await dialog.getByLabel("Date and time").fill(later.local);
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("PATCH", `/api/posts/${post.id}`)(r.request())),
      dialog.getByTestId("reschedule-dialog-save").click(),
    ]);
    expect(response.status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("reschedule-post")).toBeFocused();
    expect((await stored()).scheduled_at).toBe(later.iso);
  });

  await test.step("Reschedule into the past: the dialog says so and nothing is sent", async () => {
    await page.getByTestId("reschedule-post").click();
    const dialog = page.getByTestId("reschedule-dialog");
    await dialog.getByLabel("Date and time").fill(hoursAhead(-1).local);
    await expect(dialog).toContainText("Pick a time in the future");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step("Duplicate: the composer starts as a copy and creates a new post", async () => {
    await page.getByTestId("duplicate-post").click();
    await expect(page).toHaveURL(new RegExp(`/posts/new\\?from=${post.id}$`));
    await expect(page.getByTestId("composer-from")).toContainText(post.id);
    await expect(page.getByTestId("composer-body")).toHaveValue("Edited words");
    await expect(page.getByTestId(`composer-profile-${group.bluesky}`)).toBeChecked();
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("POST", "/api/posts")(r.request())),
      page.getByTestId("composer-submit").click(),
    ]);
    expect(response.status()).toBe(200);
    const copy = (await response.json()) as PostBody;
    expect(copy.id).not.toBe(post.id);
    expect(copy).toMatchObject({ body: "Edited words", status: "scheduled" });
    await expect(page).toHaveURL(new RegExp(`/posts/${copy.id}$`));
  });

  await test.step("Add to a queue with a priority (PATCH queue_id, queue_priority)", async () => {
    await page.goto(`/posts/${post.id}`);
    await page.getByTestId("move-queue").click();
    const dialog = page.getByTestId("queue-dialog");
    await dialog.getByLabel("Queue", { exact: true }).selectOption(queue.id);
    await dialog.getByLabel("Priority", { exact: true }).selectOption("high");
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("PATCH", `/api/posts/${post.id}`)(r.request())),
      dialog.getByTestId("queue-dialog-save").click(),
    ]);
    expect(response.status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("post-status")).toHaveText("queued");
    expect(await stored()).toMatchObject({ queue_id: queue.id, queue_priority: "high", status: "scheduled" });
  });

  await test.step("Publish now: confirmed, naming the network; it goes out at once (leaving the queue)", async () => {
    await page.getByTestId("publish-now").click();
    const dialog = page.getByTestId("publish-dialog");
    await expect(dialog.getByTestId("publish-networks")).toContainText("Bluesky");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect((await stored()).status).toBe("scheduled");
    await page.getByTestId("publish-now").click();
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("PATCH", `/api/posts/${post.id}`)(r.request())),
      dialog.getByRole("button", { name: "Publish now", exact: true }).click(),
    ]);
    expect(response.status()).toBe(200);
    await expect(page.getByTestId("post-status")).toHaveText("1 of 1 published", { timeout: PUBLISH_TIMEOUT });
    await expect(page.getByTestId("post-status")).toHaveAttribute("data-tone", "published");
    await expect(page.getByTestId("edit-post")).toHaveCount(0);
  });

  await test.step("Delete everywhere: the dialog names the live network; the copy goes, then the record", async () => {
    await page.getByTestId("delete-post").click();
    const dialog = page.getByTestId("delete-post-dialog");
    await expect(dialog.getByTestId("delete-live-networks")).toContainText("Bluesky");
    await dialog.getByTestId("delete-everywhere").check();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "DELETE" && r.url().includes(`/api/posts/${post.id}`)),
      dialog.getByRole("button", { name: "Delete everywhere" }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(new URL(response.url()).searchParams.get("delete_on_platform")).toBe("true");
    await expect(page).toHaveURL(/\/posts$/);
    await expect
      .poll(async () => (await api.get(`/api/posts/${post.id}`)).status(), { timeout: PUBLISH_TIMEOUT })
      .toBe(404);
  });
});

test("every network failed: red '0 of 2 published, 2 failed' on the page and in the list; retry confirmed", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const group = await setUp(page, baseURL!);
  const api = sandboxRequest(page, baseURL!);
  const placements = (await (await api.get(`/api/profiles/${group.telegram}/placements`)).json()) as {
    data: { id: string }[];
  };
  const created = await api.post("/api/posts", {
    profile_group_id: group.id,
    profiles: [group.bluesky, group.telegram],
    post: { body: "Refused everywhere #sandbox-fail" },
    platforms: { telegram: { chat_id: placements.data[0]!.id } },
  });
  expect(created.status()).toBe(200);
  const post = (await created.json()) as PostBody;
  const status = page.getByTestId("post-status");

  await test.step("the post page: red, with the counts, not 'processed'", async () => {
    await page.goto(`/posts/${post.id}`);
    await expect(status).toHaveText("0 of 2 published, 2 failed", { timeout: PUBLISH_TIMEOUT });
    await expect(status).toHaveAttribute("data-tone", "failed");
    await expect(status).toHaveClass(/bg-red-50/);
  });

  await test.step("the list row says the same", async () => {
    await page.goto("/posts");
    const row = page.getByTestId(`post-row-${post.id}`).getByTestId("post-status");
    await expect(row).toHaveText("0 of 2 published, 2 failed");
    await expect(row).toHaveAttribute("data-tone", "failed");
    await page.getByTestId(`post-row-${post.id}`).getByTestId("post-actions-link").click();
    await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
  });

  await test.step("Retry failed networks: confirmed, naming both; they are attempted again", async () => {
    await page.getByTestId("retry-failed").click();
    const dialog = page.getByTestId("retry-dialog");
    await expect(dialog.getByTestId("retry-networks")).toContainText("Bluesky");
    await expect(dialog.getByTestId("retry-networks")).toContainText("Telegram");
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("POST", `/api/posts/${post.id}/publish`)(r.request())),
      dialog.getByRole("button", { name: "Retry" }).click(),
    ]);
    expect(response.status()).toBe(200);
    const answered = (await response.json()) as PostBody;
    expect(answered.platforms.map((p) => p.status)).not.toContain("failed");
    await expect(dialog).toBeHidden();
    // The sandbox refuses this body again.
    await expect(status).toHaveText("0 of 2 published, 2 failed", { timeout: PUBLISH_TIMEOUT });
    await expect(status).toHaveAttribute("data-tone", "failed");
  });
});
