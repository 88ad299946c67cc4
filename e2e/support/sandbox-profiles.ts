import { expect, type Page } from "@playwright/test";

// A sandbox profile group of the signed-in staff user with form-connected profiles (bluesky, telegram),
// set up through the public API with the page's session cookie, as the admin pages call it. Sandbox
// profiles publish to the simulated network.

export type SandboxGroup = { id: string; name: string; bluesky: string; telegram: string };

const headers = (baseURL: string) => ({ "X-Environment": "sandbox", Origin: baseURL });

export const createSandboxGroup = async (page: Page, baseURL: string, name: string): Promise<SandboxGroup> => {
  const group = await page.request.post("/api/profile_groups", {
    headers: headers(baseURL),
    data: { profile_group: { name } },
  });
  expect(group.status()).toBe(201);
  const { id } = (await group.json()) as { id: string };
  const connect = async (data: Record<string, string>) => {
    const res = await page.request.post(`/api/profile_groups/${id}/initialize_connection`, {
      headers: headers(baseURL),
      data,
    });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { profile: { id: string } }).profile.id;
  };
  const bluesky = await connect({
    platform: "bluesky",
    identifier: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.bsky.social`,
    app_password: "abcd-efgh-ijkl-mnop",
  });
  const telegram = await connect({ platform: "telegram", bot_token: "123456:ABCDEFGHIJKLMNOPQRSTUVWX" });
  return { id, name, bluesky, telegram };
};

export const sandboxRequest = (page: Page, baseURL: string) => ({
  get: (path: string) => page.request.get(path, { headers: headers(baseURL) }),
  post: (path: string, data: unknown) =>
    page.request.post(path, { headers: headers(baseURL), data: data as Record<string, unknown> }),
  delete: (path: string) => page.request.delete(path, { headers: headers(baseURL) }),
});

export type SandboxPlacement = { id: string; name: string };

// Connects a sandbox account of an OAuth network through the sandbox's consent screen, back to the
// group's page; the profile's id and its placements (by id).
export const connectSandboxAccount = async (
  page: Page,
  baseURL: string,
  groupId: string,
  platform: string,
  account: string,
) => {
  const api = sandboxRequest(page, baseURL);
  const init = await api.post(`/api/profile_groups/${groupId}/initialize_connection`, {
    platform,
    redirect_url: `${baseURL}/profile-groups/${groupId}`,
  });
  expect(init.status()).toBe(200);
  await page.goto(((await init.json()) as { url: string }).url);
  const consent = page.getByTestId("sandbox-consent");
  await consent.getByLabel("Account name").fill(account);
  await consent.getByRole("button", { name: "Allow access" }).click();
  await expect(page).toHaveURL(new RegExp(`/profile-groups/${groupId}$`));
  const profiles = (
    (await (await api.get(`/api/profiles?profile_group_id=${groupId}`)).json()) as {
      data: { id: string; platform: string }[];
    }
  ).data;
  const id = profiles.find((p) => p.platform === platform)!.id;
  const placements = (
    (await (await api.get(`/api/profiles/${id}/placements`)).json()) as { data: SandboxPlacement[] }
  ).data.sort((a, b) => a.id.localeCompare(b.id));
  return { id, placements };
};
