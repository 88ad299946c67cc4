import { expect, test, type Page } from "@playwright/test";
import { ensureSignedIn, isCall } from "../support/admin-session";
import { createSandboxGroup, sandboxRequest, type SandboxGroup } from "../support/sandbox-profiles";

// The posts pages end to end in Sandbox: the composer's live per-network rules (the API's 422 messages
// before submitting), publishing to two sandbox profiles and watching the post page update, a draft
// published from its page, a simulated failure with its error, the API's 422 list, and delete. Each test
// seeds its own sandbox group (bluesky + telegram) through the API. Runs after admin.spec.ts (same OWNER)
// or on its own.

type PostBody = {
  id: string;
  status: string;
  draft: boolean;
  platforms: { profile_id: string; platform: string; status: string; error: string | null; url: string | null }[];
};

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
// Sandbox publishing includes short simulated delays.
const PUBLISH_TIMEOUT = 30_000;

// Signs in, switches to Sandbox and seeds a group with a Bluesky and a Telegram profile.
const setUp = async (page: Page, baseURL: string): Promise<SandboxGroup> => {
  await ensureSignedIn(page);
  await page.getByTestId("env-switch-sandbox").click();
  await expect(page.getByTestId("sandbox-banner")).toBeVisible();
  return createSandboxGroup(page, baseURL, `Posts Brand ${suffix()}`);
};

const openComposer = async (page: Page, group: SandboxGroup, profiles: string[]) => {
  await page.getByRole("link", { name: "Posts", exact: true }).click();
  await expect(page).toHaveURL(/\/posts$/);
  await expect(page.getByRole("heading", { name: "Posts", exact: true })).toBeVisible();
  await page.getByTestId("new-post").click();
  await expect(page).toHaveURL(/\/posts\/new$/);
  await page.getByTestId("composer-group").selectOption(group.id);
  for (const id of profiles) await page.getByTestId(`composer-profile-${id}`).check();
};

// Submits the composer and returns the created post (the page then lands on it).
const submit = async (page: Page): Promise<PostBody> => {
  const [response] = await Promise.all([
    page.waitForResponse((r) => isCall("POST", "/api/posts")(r.request())),
    page.getByTestId("composer-submit").click(),
  ]);
  expect(response.status()).toBe(200);
  const post = (await response.json()) as PostBody;
  await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
  return post;
};

const platformRow = (page: Page, profileId: string) => page.getByTestId(`platform-row-${profileId}`);

test("composer: live network rules, publish to two sandbox profiles, statuses update to published", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const group = await setUp(page, baseURL!);
  const api = sandboxRequest(page, baseURL!);
  // 150 "é" written as e + combining accent: 1 grapheme but 2 code points each.
  const accented = "e\u0301".repeat(150);
  const fits = `${accented}${"x".repeat(150)}`; // 300 graphemes, 450 code points
  const tooLong = `${fits}!`;
  let post: PostBody | null = null;

  await test.step("the composer offers the group's profiles; Telegram's only chat is chosen", async () => {
    await openComposer(page, group, [group.bluesky, group.telegram]);
    await expect(page.getByTestId("network-options-bluesky")).toBeVisible();
    const telegram = page.getByTestId("network-options-telegram");
    await expect(telegram.getByLabel("Chat")).not.toHaveValue("");
    await expect(telegram.getByLabel("Format")).toHaveValue("post");
  });

  await test.step("counters count graphemes for Bluesky and characters for Telegram", async () => {
    await page.getByTestId("composer-body").fill(fits);
    await expect(page.getByTestId("body-count-bluesky")).toHaveText("Bluesky: 300 / 300 graphemes");
    await expect(page.getByTestId("body-count-telegram")).toHaveText("Telegram: 450 / 4,096");
    await expect(page.getByTestId("network-ok-bluesky")).toBeVisible();
    await expect(page.getByTestId("network-ok-telegram")).toBeVisible();
  });

  await test.step("one grapheme more: Bluesky shows the API's 422 message live, and nothing is sent", async () => {
    // What the API answers for this draft.
    const chatId = await page.getByTestId("network-options-telegram").getByLabel("Chat").inputValue();
    const answer = await api.post("/api/posts", {
      profile_group_id: group.id,
      profiles: [group.bluesky, group.telegram],
      post: { body: tooLong },
      platforms: { telegram: { chat_id: chatId } },
    });
    expect(answer.status()).toBe(422);
    const { errors } = (await answer.json()) as { errors: string[] };
    expect(errors).toEqual(["bluesky: body is too long (301 graphemes, maximum 300)"]);

    await page.getByTestId("composer-body").fill(tooLong);
    await expect(page.getByTestId("body-count-bluesky")).toHaveAttribute("data-over", "true");
    await expect(page.getByTestId("network-issues-bluesky")).toHaveText(errors[0]!.replace(/^bluesky: /, ""));
    await expect(page.getByTestId("network-issues-telegram")).toHaveCount(0);

    let posts = 0;
    const countPosts = (r: { url(): string; method(): string }) => void (isCall("POST", "/api/posts")(r) && posts++);
    page.on("request", countPosts);
    await page.getByTestId("composer-submit").click();
    await expect(page.getByTestId("composer-problems")).toContainText("Fix the problems shown for Bluesky");
    page.off("request", countPosts);
    expect(posts).toBe(0);
  });

  await test.step("fixed and sent: the post page shows both networks reaching published", async () => {
    await page.getByTestId("composer-body").fill(fits);
    await expect(page.getByTestId("network-issues-bluesky")).toHaveCount(0);
    await page.getByTestId("network-options-telegram").getByLabel("Parse mode").selectOption("HTML");
    const [request] = await Promise.all([
      page.waitForRequest(isCall("POST", "/api/posts")),
      (async () => (post = await submit(page)))(),
    ]);
    expect(request.headers()["x-environment"]).toBe("sandbox");
    const sent = request.postDataJSON() as {
      profiles: string[];
      post: Record<string, unknown>;
      platforms: Record<string, Record<string, unknown>>;
    };
    expect(sent.profiles).toEqual([group.bluesky, group.telegram]);
    expect(sent.post).toEqual({ body: fits });
    // Only what was set: the default format is left to the API, Bluesky has nothing to send.
    expect(sent.platforms).toEqual({ telegram: { chat_id: expect.any(String), parse_mode: "HTML" } });

    await expect(page.getByTestId("post-body")).toHaveText(fits);
    for (const profile of [group.bluesky, group.telegram]) {
      await expect(platformRow(page, profile).getByTestId("platform-status")).toHaveText("published", {
        timeout: PUBLISH_TIMEOUT,
      });
      await expect(platformRow(page, profile).getByTestId("platform-url")).toBeVisible();
    }
    await expect(platformRow(page, group.bluesky).getByTestId("platform-profile")).toHaveText(
      `${group.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.bsky.social`,
    );
    await expect(platformRow(page, group.telegram).getByTestId("platform-attempted")).not.toHaveText("—");
    // Nothing left in flight: polling stops.
    await expect(page.getByTestId("post-live")).toHaveCount(0);
  });

  await test.step("the list shows the post first, with both networks published", async () => {
    await page.getByRole("link", { name: "Posts", exact: true }).click();
    const row = page.getByTestId(`post-row-${post!.id}`);
    await expect(page.locator('[data-testid^="post-row-"]').first()).toHaveAttribute(
      "data-testid",
      `post-row-${post!.id}`,
    );
    await expect(row.getByTestId("platform-status")).toHaveText(["published", "published"]);
    await expect(row.getByTestId("post-status")).toHaveText("2 of 2 published");
    await page.getByTestId("posts-status-filter").selectOption("draft");
    await expect(page).toHaveURL(/\/posts\?status=draft$/);
    await expect(row).toHaveCount(0);
    await page.getByTestId("posts-status-filter").selectOption("published");
    await expect(row).toBeVisible();
  });
});

test("draft: saved with an uploaded image, then published from its page", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const group = await setUp(page, baseURL!);
  let post: PostBody | null = null;

  await test.step("save a draft to Bluesky with a file (multipart)", async () => {
    await openComposer(page, group, [group.bluesky]);
    await page.getByTestId("composer-body").fill("A draft with a picture");
    // A 1x1 PNG.
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    await page
      .getByTestId("composer-media-files-input")
      .setInputFiles({ name: "pixel.png", mimeType: "image/png", buffer: png });
    await expect(page.getByTestId("composer-media-files")).toContainText("pixel.png");
    await page.getByTestId("schedule-draft").check();
    await expect(page.getByTestId("composer-submit")).toHaveText("Save draft");
    const [request] = await Promise.all([
      page.waitForRequest(isCall("POST", "/api/posts")),
      (async () => (post = await submit(page)))(),
    ]);
    expect(request.headers()["content-type"]).toMatch(/^multipart\/form-data/);
    expect(post!.draft).toBe(true);
  });

  await test.step("the draft's page: draft status, its image, a Publish button, no polling", async () => {
    await expect(page.getByTestId("post-status")).toHaveText("draft");
    await expect(page.getByTestId("post-when")).toContainText("Draft");
    await expect(page.getByTestId("post-media").locator("img")).toHaveCount(1);
    await expect(platformRow(page, group.bluesky).getByTestId("platform-status")).toHaveText("pending");
    await expect(page.getByTestId("post-live")).toHaveCount(0);
  });

  await test.step("it is listed under the draft filter", async () => {
    await page.goto("/posts?status=draft");
    await expect(page.getByTestId(`post-row-${post!.id}`).getByTestId("post-status")).toHaveText("draft");
    await page.getByTestId(`post-row-${post!.id}`).getByTestId("post-link").click();
    await expect(page).toHaveURL(new RegExp(`/posts/${post!.id}$`));
  });

  await test.step("Publish, confirmed: the status moves on to published", async () => {
    await page.getByTestId("publish-post").click();
    const dialog = page.getByTestId("publish-dialog");
    await expect(dialog.getByTestId("publish-networks")).toContainText("Bluesky");
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("POST", `/api/posts/${post!.id}/publish`)(r.request())),
      dialog.getByRole("button", { name: "Publish", exact: true }).click(),
    ]);
    expect(response.status()).toBe(200);
    await expect(page.getByTestId("publish-post")).toHaveCount(0);
    await expect(platformRow(page, group.bluesky).getByTestId("platform-status")).toHaveText("published", {
      timeout: PUBLISH_TIMEOUT,
    });
    await expect(page.getByTestId("post-status")).toHaveText("1 of 1 published");
  });
});

test("failures: the API's 422 list, a #sandbox-fail post shows failed with its error, delete", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const group = await setUp(page, baseURL!);
  const api = sandboxRequest(page, baseURL!);
  let post: PostBody | null = null;

  await test.step("a profile removed meanwhile: the API's 422 errors are listed", async () => {
    await openComposer(page, group, [group.bluesky, group.telegram]);
    await page.getByTestId("composer-body").fill("Going nowhere #sandbox-fail");
    await expect(page.getByTestId("network-ok-telegram")).toBeVisible();
    expect((await api.delete(`/api/profiles/${group.telegram}`)).status()).toBe(200);
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("POST", "/api/posts")(r.request())),
      page.getByTestId("composer-submit").click(),
    ]);
    expect(response.status()).toBe(422);
    const { errors } = (await response.json()) as { errors: string[] };
    await expect(page.getByTestId("composer-errors").getByRole("listitem")).toHaveText(errors);
    expect(errors).toEqual([`profiles: profile ${group.telegram} not found`]);
    await expect(page).toHaveURL(/\/posts\/new$/);
  });

  await test.step("to Bluesky only: the simulated network refuses it, and the page shows why", async () => {
    // After the 422 the group's profiles are reloaded: the removed one is gone from the picker.
    await expect(page.getByTestId(`composer-profile-${group.telegram}`)).toHaveCount(0);
    await expect(page.getByTestId("network-options-telegram")).toHaveCount(0);
    post = await submit(page);
    const row = platformRow(page, group.bluesky);
    await expect(row.getByTestId("platform-status")).toHaveText("failed", { timeout: PUBLISH_TIMEOUT });
    const stored = (await (await api.get(`/api/posts/${post.id}`)).json()) as PostBody;
    const error = stored.platforms[0]!.error;
    expect(error).toContain("#sandbox-fail");
    await expect(row.getByTestId("platform-error")).toHaveText(error!);
    await expect(row.getByTestId("platform-error-details")).toContainText("SANDBOX_REJECTED");
    await expect(row.getByTestId("platform-url")).toHaveCount(0);
    await expect(page.getByTestId("post-live")).toHaveCount(0);
  });

  await test.step("the failed filter lists it", async () => {
    await page.goto("/posts?status=failed");
    await expect(page.getByTestId(`post-row-${post!.id}`).getByTestId("platform-status")).toHaveText("failed");
    await page.getByTestId(`post-row-${post!.id}`).getByTestId("post-link").click();
  });

  await test.step("delete through the confirmation dialog", async () => {
    await page.getByTestId("delete-post").click();
    const dialog = page.getByTestId("delete-post-dialog");
    await expect(dialog.getByRole("heading", { name: "Delete post?" })).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.getByTestId("delete-post").click();
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("DELETE", `/api/posts/${post!.id}`)(r.request())),
      dialog.getByRole("button", { name: "Delete post" }).click(),
    ]);
    expect(response.status()).toBe(200);
    await expect(page).toHaveURL(/\/posts$/);
    await expect(page.getByTestId(`post-row-${post!.id}`)).toHaveCount(0);
    expect((await api.get(`/api/posts/${post!.id}`)).status()).toBe(404);
  });
});
