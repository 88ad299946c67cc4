import { expect, test, type Locator } from "@playwright/test";
import { ensureSignedIn, isCall } from "../support/admin-session";
import { connectSandboxAccount, createSandboxGroup } from "../support/sandbox-profiles";

// The composer's mentions in Sandbox: with a linkedin profile in the group, a page URL pasted into the
// text is looked up through GET /api/profiles/:id/resolve_mention and written as `@[Name](urn)` at the
// caret; a URL that is no page is pasted unchanged. Runs after admin.spec.ts (same OWNER) or on its own.

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// What Chromium does on Ctrl+V: a paste event carrying the clipboard's text at the caret (at the end).
const pasteAtEnd = (field: Locator, text: string) =>
  field.evaluate((el, pasted) => {
    const area = el as HTMLTextAreaElement;
    area.focus();
    area.setSelectionRange(area.value.length, area.value.length);
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    area.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);

test("composer: a pasted LinkedIn page URL becomes an @[Name](urn) mention; other URLs stay links", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await ensureSignedIn(page);
  await page.getByTestId("env-switch-sandbox").click();
  await expect(page.getByTestId("sandbox-banner")).toBeVisible();
  const group = await createSandboxGroup(page, baseURL!, `Mentions Brand ${suffix()}`);
  const linkedin = await connectSandboxAccount(page, baseURL!, group.id, "linkedin", "Mention Co");

  await page.goto("/posts/new");
  await page.getByTestId("composer-group").selectOption(group.id);
  await page.getByTestId(`composer-profile-${linkedin.id}`).check();
  await expect(page.getByTestId("composer-mention-hint")).toContainText(
    "Paste a LinkedIn page URL to mention the page.",
  );

  const body = page.getByTestId("composer-body");
  await body.fill("Proud to work with ");
  const [lookup] = await Promise.all([
    page.waitForRequest((r) => isCall("GET", `/api/profiles/${linkedin.id}/resolve_mention`)(r)),
    pasteAtEnd(body, "https://www.linkedin.com/company/sandbox-acme/"),
  ]);
  expect(new URL(lookup.url()).searchParams.get("url")).toBe("https://www.linkedin.com/company/sandbox-acme/");
  await expect(body).toHaveValue("Proud to work with @[Acme Sandbox Corp](urn:li:organization:91000001)");
  await expect(page.getByTestId("composer-mention-status")).toHaveText(
    "Mention added: @[Acme Sandbox Corp](urn:li:organization:91000001)",
  );

  await body.pressSequentially(" and ");
  await pasteAtEnd(body, "https://www.linkedin.com/school/sandbox-university");
  await expect(body).toHaveValue(
    "Proud to work with @[Acme Sandbox Corp](urn:li:organization:91000001) and @[Sandbox University](urn:li:organization:91000003)",
  );

  await body.pressSequentially(" ");
  await pasteAtEnd(body, "https://example.com/not-a-page");
  await expect(page.getByTestId("composer-mention-status")).toHaveText(
    "Not a page that can be mentioned: pasted as a link.",
  );
  await expect(body).toHaveValue(
    "Proud to work with @[Acme Sandbox Corp](urn:li:organization:91000001) and @[Sandbox University](urn:li:organization:91000003) https://example.com/not-a-page",
  );
});
