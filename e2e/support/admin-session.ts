import { expect, type Page } from "@playwright/test";
import { runScript } from "./tenant";

// The staff owner of the e2e server. admin.spec.ts creates it through the first-run form (which only
// exists once per fresh database); other admin specs sign in as it with `ensureSignedIn`.
export const OWNER = { name: "Olive Owner", email: "owner@example.com", password: "correct-horse-battery-staple" };

// A one-time setup token, as the operator gets it from `npm start` or `npm run cli -- setup token`.
export const newSetupToken = (): string => runScript("e2e/support/setup-token.ts", []);

// Signs the page in as OWNER whatever the state of the server: it performs the first-run setup when the
// database has no staff user yet (a spec run on its own), signs in otherwise, and does nothing when the
// page's context already has a session. Ends on an admin page.
// Creating the owner or signing in hashes a password (bcrypt), which takes seconds on a loaded 2-core
// machine: the redirect is awaited longer than the default 5 s.
const PASSWORD_WORK_MS = 20_000;

export const ensureSignedIn = async (page: Page): Promise<void> => {
  await page.goto("/login");
  const path = new URL(page.url()).pathname;
  if (path === "/setup") {
    await page.getByLabel("Setup token", { exact: true }).fill(newSetupToken());
    await page.getByLabel("Your name", { exact: true }).fill(OWNER.name);
    await page.getByLabel("Email", { exact: true }).fill(OWNER.email);
    await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
    await page.getByRole("button", { name: "Create owner account" }).click();
    await expect(page).toHaveURL(/\/profile-groups$/, { timeout: PASSWORD_WORK_MS });
  } else if (path === "/login") {
    await page.getByLabel("Email", { exact: true }).fill(OWNER.email);
    await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/profile-groups$/, { timeout: PASSWORD_WORK_MS });
  }
  await expect(page.getByTestId("signed-in-user")).toHaveText(OWNER.email);
};

export const isCall = (method: string, path: string) => (r: { url(): string; method(): string }) =>
  r.method() === method && new URL(r.url()).pathname === path;
