import { expect, test } from "@playwright/test";
import { ensureSignedIn, isCall } from "../support/admin-session";
import { createSandboxGroup, sandboxRequest } from "../support/sandbox-profiles";

// The "Needs attention" page (app/(admin)/attention) in Sandbox: a brand's post that the sandbox network
// refuses (#sandbox-fail) and its queue without time slots are listed with brand and network; Retry in place
// is confirmed and calls POST /api/posts/:id/publish; Open post and Add slots lead to the pages that fix
// them; the live environment does not show the sandbox brand; nothing is wider than a 390 px phone.

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PUBLISH_TIMEOUT = 30_000;

type PostBody = { id: string; platforms: { platform: string; status: string }[] };

test("failed posts and queues without slots are listed with the action that fixes them", async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  await ensureSignedIn(page);
  await page.getByTestId("env-switch-sandbox").click();
  await expect(page.getByTestId("sandbox-banner")).toBeVisible();
  const group = await createSandboxGroup(page, baseURL!, `Attention Brand ${suffix()}`);
  const api = sandboxRequest(page, baseURL!);

  const created = await api.post("/api/posts", {
    profile_group_id: group.id,
    profiles: [group.bluesky],
    post: { body: "Refused by the network #sandbox-fail" },
  });
  expect(created.status()).toBe(200);
  const post = (await created.json()) as PostBody;
  await expect
    .poll(async () => ((await (await api.get(`/api/posts/${post.id}`)).json()) as PostBody).platforms[0]?.status, {
      timeout: PUBLISH_TIMEOUT,
    })
    .toBe("failed");

  const queueName = `Empty queue ${suffix()}`;
  const queued = await api.post("/api/post_queues", {
    profile_group_id: group.id,
    post_queue: { name: queueName, timezone: "UTC" },
  });
  expect(queued.status()).toBe(201);
  const queue = (await queued.json()) as { id: string };

  const postRow = page.getByTestId("attention-posts").locator("li", { hasText: group.name });
  const queueRow = page.getByTestId(`attention-queue-${queue.id}`);

  await test.step("the sidebar leads to the page, which lists the post and the queue with brand and network", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Needs attention" }).click();
    await expect(page).toHaveURL(/\/attention$/);
    await expect(page.getByRole("heading", { name: "Needs attention" })).toBeVisible();
    await expect(postRow).toHaveCount(1);
    await expect(postRow).toContainText("Refused by the network");
    await expect(postRow).toContainText("Bluesky");
    await expect(postRow).toContainText("failed");
    await expect(queueRow).toContainText(queueName);
    await expect(queueRow).toContainText(group.name);
    await expect(queueRow).toContainText("no time slots");
  });

  await test.step("nothing is wider than a 390 px phone", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step("Retry in place: confirmed, then the failed network is attempted again", async () => {
    await postRow.getByTestId(`attention-retry-${post.id}`).click();
    const dialog = page.getByTestId("attention-retry-dialog");
    await expect(dialog).toContainText(group.name);
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("POST", `/api/posts/${post.id}/publish`)(r.request())),
      dialog.getByRole("button", { name: "Retry" }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(((await response.json()) as PostBody).platforms.map((p) => p.status)).not.toContain("failed");
    await expect(dialog).toBeHidden();
  });

  await test.step("the sandbox refuses it again; Open post leads to the post's page", async () => {
    await expect(async () => {
      await page.reload();
      await expect(postRow).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: PUBLISH_TIMEOUT });
    await postRow.getByRole("link", { name: "Open post" }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
    await expect(page.getByTestId("retry-failed")).toBeVisible();
  });

  await test.step("Add slots opens the queue", async () => {
    await page.goto("/attention");
    await queueRow.getByRole("link", { name: "Add slots" }).click();
    await expect(page).toHaveURL(new RegExp(`/queues/${queue.id}$`));
  });

  await test.step("the live environment does not show the sandbox brand", async () => {
    await page.goto("/attention");
    await page.getByTestId("env-switch-live").click();
    await expect(page.getByTestId("sandbox-banner")).toBeHidden();
    await expect(page.getByText(group.name)).toHaveCount(0);
    await expect(queueRow).toHaveCount(0);
  });
});
