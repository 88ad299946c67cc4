import { expect, type APIRequestContext } from "@playwright/test";
import { auth } from "./tenant";

// Sandbox profiles set up over HTTP with a sandbox key, as an integrator would without a real account.

const json = async (res: { json(): Promise<unknown> }) => (await res.json()) as Record<string, any>;

// An OAuth network's sandbox account connected in the group: initialize_connection, then the sandbox
// consent screen's "Allow access" (its GET to our callback), whose redirect names the new profile.
export const connectSandboxOAuth = async (
  request: APIRequestContext,
  { token, groupId, platform, account }: { token: string; groupId: string; platform: string; account: string },
): Promise<string> => {
  const init = await request.post(`/api/profile_groups/${groupId}/initialize_connection`, {
    headers: auth(token),
    data: { platform, redirect_url: "https://crm.example.com/connected" },
  });
  expect(init.status()).toBe(200);
  const state = new URL(String((await json(init)).url)).searchParams.get("state")!;
  const callback = await request.get(
    `/connect/${platform}/callback?${new URLSearchParams({ state, code: "sandbox-approved", sandbox_account: account })}`,
    { maxRedirects: 0 },
  );
  expect(callback.status()).toBe(302);
  return new URL(callback.headers().location!).searchParams.get("profile_id")!;
};

// A new group named `name` with a sandbox facebook profile (account `name`) and a post ("<name> post")
// to its first page, sent for publishing.
export const sandboxFacebookPost = async (request: APIRequestContext, token: string, name: string) => {
  const group = await request.post("/api/profile_groups", {
    headers: auth(token),
    data: { profile_group: { name } },
  });
  expect(group.status()).toBe(201);
  const groupId = String((await json(group)).id);
  const profileId = await connectSandboxOAuth(request, { token, groupId, platform: "facebook", account: name });
  const placements = await json(await request.get(`/api/profiles/${profileId}/placements`, { headers: auth(token) }));
  const post = await request.post("/api/posts", {
    headers: auth(token),
    data: {
      post: { body: `${name} post` },
      profiles: [profileId],
      platforms: { facebook: { page_id: placements.data[0].id as string } },
    },
  });
  expect(post.status()).toBe(200);
  return { groupId, profileId, postId: String((await json(post)).id) };
};
