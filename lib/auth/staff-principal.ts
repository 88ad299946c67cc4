import "server-only";
import { cookies } from "next/headers";
import type { Principal } from "@/lib/principal";
import { requireAdminSession } from "@/lib/auth/session";
import { ENVIRONMENT_COOKIE, parseEnvironment } from "@/lib/query/environment-cookie";

// What the API's session principal is for this staff user, in the environment the admin works in (the
// cookie the switcher writes; the client sends the same value as X-Environment). Server-rendered posts
// pages call the services with it, so they see exactly what the public routes return to the browser.
export const staffPrincipal = async (): Promise<Principal> => {
  const user = await requireAdminSession();
  const environment = parseEnvironment((await cookies()).get(ENVIRONMENT_COOKIE)?.value);
  return {
    kind: "session",
    accountId: user.accountId,
    environment,
    profileGroupId: null,
    apiKeyId: null,
    userId: user.id,
  };
};
