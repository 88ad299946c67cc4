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
