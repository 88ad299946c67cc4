import { lookup } from "node:dns/promises";
import { expect, test } from "@playwright/test";
import { ensureSignedIn, isCall } from "../support/admin-session";

// The Webhooks pages end to end: create (secret shown once), reveal, edit, disable/enable, validation,
// the deliveries page and delete. Runs after admin.spec.ts (same OWNER) or on its own.

const PICKED = ["post.processed", "comment.created"] as const;

// The server refuses URLs that do not resolve or resolve to internal addresses. Without DNS (offline
// CI), a public IP literal needs no resolution.
const hookUrl = async (): Promise<string> => {
  try {
    const { address } = await lookup("example.com");
    if (!/^(127\.|10\.|0\.|192\.168\.|169\.254\.|::1$|f[cd])/i.test(address)) return "https://example.com/hook";
  } catch {
    // no DNS answer
  }
  return "https://93.184.216.34/hook";
};

type WebhookBody = {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  description: string;
  secret?: string;
};

test("webhooks: create with a secret shown once, reveal, edit, disable, validation, deliveries, delete", async ({
  page,
}) => {
  const url = await hookUrl();
  let id = "";
  let secret = "";

  await test.step("sign in and open Webhooks", async () => {
    await ensureSignedIn(page);
    await page.getByRole("link", { name: "Webhooks" }).click();
    await expect(page).toHaveURL(/\/webhooks$/);
    await expect(page.getByRole("heading", { name: "Webhooks" })).toBeVisible();
    await expect(page.getByTestId("webhooks-empty").or(page.getByTestId("webhooks-table"))).toBeVisible();
  });

  await test.step("an http:// URL is refused in the dialog, before any request", async () => {
    let posts = 0;
    const countPosts = (r: { url(): string; method(): string }) => void (isCall("POST", "/api/webhooks")(r) && posts++);
    page.on("request", countPosts);
    await page.getByTestId("add-webhook").click();
    const dialog = page.getByTestId("create-webhook-dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Endpoint URL").fill("http://example.com");
    await dialog.getByRole("button", { name: "Add webhook" }).click();
    await expect(dialog.locator("#webhook-url-error")).toHaveText("url must use HTTPS");
    await expect(dialog.getByLabel("Endpoint URL")).toHaveAttribute("aria-invalid", "true");
    page.off("request", countPosts);
    expect(posts).toBe(0);
  });

  await test.step("a URL the server refuses shows its error next to the field", async () => {
    const dialog = page.getByTestId("create-webhook-dialog");
    await dialog.getByLabel("Endpoint URL").fill("https://169.254.169.254/latest");
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("POST", "/api/webhooks")(r.request())),
      dialog.getByRole("button", { name: "Add webhook" }).click(),
    ]);
    expect(response.status()).toBe(422);
    await expect(dialog.locator("#webhook-url-error")).toContainText("private, loopback or link-local");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step("add a webhook with two events: its secret is shown once", async () => {
    await page.getByTestId("add-webhook").click();
    const dialog = page.getByTestId("create-webhook-dialog");
    // The form starts empty again after Cancel.
    await expect(dialog.getByLabel("Endpoint URL")).toHaveValue("");
    await dialog.getByLabel("Endpoint URL").fill(url);
    await dialog.getByLabel("Description").fill("E2E orders");
    await expect(dialog.getByLabel("All events (*)")).toBeChecked();
    await dialog.getByLabel("Selected events").check();
    for (const event of PICKED) await dialog.getByTestId(`webhook-events-${event}`).check();
    await expect(dialog).toContainText("2 of");

    // The create invalidates the list, which is refetched behind the dialog.
    const [response, listResponse] = await Promise.all([
      page.waitForResponse((r) => isCall("POST", "/api/webhooks")(r.request())),
      page.waitForResponse((r) => isCall("GET", "/api/webhooks")(r.request())),
      dialog.getByRole("button", { name: "Add webhook" }).click(),
    ]);
    expect(response.status()).toBe(201);
    const created = (await response.json()) as WebhookBody;
    expect(created.id).toMatch(/^whk_/);
    expect([...created.events].sort()).toEqual([...PICKED].sort());
    id = created.id;

    const secretBox = dialog.getByTestId("webhook-secret");
    await expect(secretBox).toBeVisible();
    secret = ((await secretBox.textContent()) ?? "").trim();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).toBe(created.secret);
    await expect(dialog.getByTestId("copy-webhook-secret")).toBeVisible();

    // The list the page caches carries no secret.
    const list = (await listResponse.json()) as { data: WebhookBody[] };
    expect(list.data.map((w) => w.id)).toContain(id);
    expect(JSON.stringify(list)).not.toContain(secret);

    await dialog.getByTestId("webhook-secret-done").click();
    await expect(dialog).toBeHidden();

    const row = page.getByTestId(`webhook-row-${id}`);
    await expect(row.getByTestId("webhook-url")).toHaveText(url);
    await expect(row.getByTestId("webhook-description")).toHaveText("E2E orders");
    for (const event of PICKED) await expect(row.getByTestId("webhook-events")).toContainText(event);
    await expect(row.getByTestId("webhook-status")).toHaveText("enabled");
    await expect(page.locator("body")).not.toContainText(secret);
  });

  await test.step("Reveal secret fetches the same secret", async () => {
    const [request] = await Promise.all([
      page.waitForRequest(isCall("GET", `/api/webhooks/${id}`)),
      page.getByTestId(`reveal-webhook-secret-${id}`).click(),
    ]);
    expect(request.headers()["x-environment"]).toBe("live");
    const dialog = page.getByTestId("reveal-secret-dialog");
    await expect(dialog.getByTestId("webhook-secret")).toHaveText(secret);
    await dialog.getByTestId("reveal-secret-done").click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("body")).not.toContainText(secret);
  });

  await test.step("edit the description: only the change is sent", async () => {
    await page.getByTestId(`edit-webhook-${id}`).click();
    const dialog = page.getByTestId("edit-webhook-dialog");
    await expect(dialog.getByLabel("Endpoint URL")).toHaveValue(url);
    await expect(dialog.getByLabel("Description")).toHaveValue("E2E orders");
    await expect(dialog.getByLabel("Selected events")).toBeChecked();
    for (const event of PICKED) await expect(dialog.getByTestId(`webhook-events-${event}`)).toBeChecked();
    await expect(dialog.getByTestId("webhook-events-media.failed")).not.toBeChecked();

    await dialog.getByLabel("Description").fill("E2E orders (edited)");
    const [response] = await Promise.all([
      page.waitForResponse((r) => isCall("PATCH", `/api/webhooks/${id}`)(r.request())),
      dialog.getByRole("button", { name: "Save changes" }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({ description: "E2E orders (edited)" });
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId(`webhook-row-${id}`).getByTestId("webhook-description")).toHaveText(
      "E2E orders (edited)",
    );
  });

  await test.step("disable, then re-enable", async () => {
    const row = page.getByTestId(`webhook-row-${id}`);
    const toggle = page.getByTestId(`toggle-webhook-${id}`);
    await expect(toggle).toHaveText("Disable");
    await toggle.click();
    await expect(row.getByTestId("webhook-status")).toHaveText("disabled");
    await expect(toggle).toHaveText("Enable");

    await page.reload();
    await expect(row.getByTestId("webhook-status")).toHaveText("disabled");
    await toggle.click();
    await expect(row.getByTestId("webhook-status")).toHaveText("enabled");
    await expect(toggle).toHaveText("Disable");
  });

  await test.step("the deliveries page: header, empty state, refresh", async () => {
    await page.getByTestId(`webhook-deliveries-${id}`).click();
    await expect(page).toHaveURL(new RegExp(`/webhooks/${id}$`));
    await expect(page.getByRole("heading", { name: "Webhook deliveries" })).toBeVisible();
    await expect(page.getByTestId("webhook-url")).toHaveText(url);
    await expect(page.getByTestId("webhook-status")).toHaveText("enabled");
    for (const event of PICKED) await expect(page.getByTestId("webhook-events")).toContainText(event);
    await expect(page.getByTestId("deliveries-empty")).toContainText("No deliveries yet");
    await expect(page.locator("body")).not.toContainText(secret);

    const [request] = await Promise.all([
      page.waitForRequest(isCall("GET", `/api/webhooks/${id}/deliveries`)),
      page.getByTestId("refresh-deliveries").click(),
    ]);
    const query = new URL(request.url()).searchParams;
    expect(query.get("page")).toBe("0");
    expect(query.get("per_page")).toBe("20");
    await expect(page.getByTestId("deliveries-empty")).toBeVisible();

    await page.getByRole("link", { name: "← Webhooks" }).click();
    await expect(page).toHaveURL(/\/webhooks$/);
  });

  await test.step("delete through the confirmation dialog", async () => {
    await page.getByTestId(`delete-webhook-${id}`).click();
    const confirm = page.getByTestId("delete-webhook-dialog");
    await expect(confirm).toContainText(url);
    await confirm.getByRole("button", { name: "Delete webhook" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId(`webhook-row-${id}`)).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId("webhooks-empty").or(page.getByTestId("webhooks-table"))).toBeVisible();
    await expect(page.getByTestId(`webhook-row-${id}`)).toHaveCount(0);
    await page.goto(`/webhooks/${id}`);
    await expect(page.getByTestId("webhook-not-found")).toBeVisible();
  });
});
