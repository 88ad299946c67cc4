import { expect, type Page } from "@playwright/test";

// A sandbox profile group of the signed-in staff user with form-connected profiles (bluesky, telegram),
// set up through the public API with the page's session cookie, as the admin pages call it. Sandbox
// profiles publish to the simulated network.

export type SandboxGroup = { id: string; name: string; bluesky: string; telegram: string };

const headers = (baseURL: string) => ({ "X-Environment": "sandbox", Origin: baseURL });

export const createSandboxGroup = async (page: Page, baseURL: string, name: string): Promise<SandboxGroup> => {
  const group = await page.request.post("/api/profile_groups", { headers: headers(baseURL), data: { profile_group: { name } } });
  expect(group.status()).toBe(201);
  const { id } = (await group.json()) as { id: string };
  const connect = async (data: Record<string, string>) => {
    const res = await page.request.post(`/api/profile_groups/${id}/initialize_connection`, { headers: headers(baseURL), data });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { profile: { id: string } }).profile.id;
  };
  const bluesky = await connect({ platform: "bluesky", identifier: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.bsky.social`, app_password: "abcd-efgh-ijkl-mnop" });
  const telegram = await connect({ platform: "telegram", bot_token: "123456:ABCDEFGHIJKLMNOPQRSTUVWX" });
  return { id, name, bluesky, telegram };
};

export const sandboxRequest = (page: Page, baseURL: string) => ({
  get: (path: string) => page.request.get(path, { headers: headers(baseURL) }),
  post: (path: string, data: unknown) => page.request.post(path, { headers: headers(baseURL), data: data as Record<string, unknown> }),
  delete: (path: string) => page.request.delete(path, { headers: headers(baseURL) }),
});

// Connects a sandbox account of an OAuth network (facebook, google_business, ...) to the group through
// the simulated consent screen (the page ends back on the group page); returns the profile id and its
// placements (pages, locations).
export const connectSandboxAccount = async (page: Page, baseURL: string, group: SandboxGroup, platform: string, accountName: string) => {
  const api = sandboxRequest(page, baseURL);
  const init = await api.post(`/api/profile_groups/${group.id}/initialize_connection`, { platform, redirect_url: `${baseURL}/profile-groups/${group.id}` });
  expect(init.status()).toBe(200);
  await page.goto(((await init.json()) as { url: string }).url);
  const consent = page.getByTestId("sandbox-consent");
  await consent.getByLabel("Account name").fill(accountName);
  await consent.getByRole("button", { name: "Allow access" }).click();
  await expect(page).toHaveURL(new RegExp(`/profile-groups/${group.id}$`));
  const profiles = ((await (await api.get(`/api/profiles?profile_group_id=${group.id}`)).json()) as { data: { id: string; platform: string }[] }).data;
  const id = profiles.find((p) => p.platform === platform)!.id;
  const placements = ((await (await api.get(`/api/profiles/${id}/placements`)).json()) as { data: { id: string; name: string }[] }).data;
  return { id, placements };
};
