import type { Principal } from "@/lib/principal";
import { db } from "@/lib/db/client";
import { completeOAuthCallback } from "@/lib/services/connections/complete-connection";
import { initializeConnection } from "@/lib/services/connections/initialize-connection";

// The whole OAuth round trip through the product's own services: initialize_connection -> the user at
// the network's authorize URL (`consent`, played by a test fake or the sandbox) -> our callback.
export const connectViaOAuth = async ({
  principal,
  groupId,
  platform,
  redirectUrl = "https://app.example.com/connected",
  extra = {},
  consent,
}: {
  principal: Principal;
  groupId: string;
  platform: string;
  redirectUrl?: string;
  extra?: Record<string, unknown>;
  // Given the authorize URL, returns the query the network sends back to our callback ({code, state} or {error, state}).
  consent: (authorizeUrl: URL) => Promise<Record<string, string>>;
}) => {
  const started = await initializeConnection({
    principal,
    groupId,
    input: { platform, redirect_url: redirectUrl, ...extra },
  });
  if (!started.url) throw new Error(`${platform} did not start an OAuth flow`);
  const authorizeUrl = new URL(started.url);
  const callbackParams = await consent(authorizeUrl);
  const redirect = new URL(await completeOAuthCallback({ platform, params: callbackParams }));
  const profileId = redirect.searchParams.get("profile_id");
  const profile = profileId
    ? await db.profile.findUnique({
        where: { id: profileId },
        include: { placements: { orderBy: { position: "asc" } } },
      })
    : null;
  return { authorizeUrl, callbackParams, redirect, profile };
};

// The sandbox consent screen's "Allow access" button.
export const sandboxConsent =
  (accountName = "Sandbox account") =>
  async (authorizeUrl: URL) => ({
    state: authorizeUrl.searchParams.get("state")!,
    code: "sandbox-approved",
    sandbox_account: accountName,
  });
