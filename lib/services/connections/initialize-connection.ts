import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { unprocessable } from "@/lib/errors";
import { issueMessages } from "@/lib/schemas/issue-messages";
import type { Principal } from "@/lib/principal";
import { encryptSecret } from "@/lib/crypto";
import { newId } from "@/lib/ids";
import { NetworkUnavailableError, connectorFor } from "@/lib/networks/registry";
import { zBooleanString } from "@/lib/schemas/boolean-string";
import type { ConnectionStart } from "@/lib/serializers/connection";
import { ZPlatform } from "@/lib/schemas/common";
import type { TInitializeConnectionBody } from "@/lib/schemas/profiles";
import { getProfileGroupOrThrow } from "@/lib/services/profile-groups/profile-groups";
import { callbackUrl } from "./callback-url";
import { contextFor } from "./context";
import { completeCredentialsConnection } from "./complete-connection";
import { signState } from "./state";

const ATTEMPT_TTL_MS = 30 * 60 * 1000;
const ZRedirectUrl = z.url({ protocol: /^https?$/, error: "redirect_url must be an http(s) URL" });
// whatsapp reconnects an active profile with refresh_connection (the account's numbers may have changed).
const ZRefresh = z.object({
  refresh_connection: zBooleanString().optional(),
});

const parseOrThrow = <T>(schema: z.ZodType<T>, input: unknown): T => {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw unprocessable(issueMessages(parsed.error, input));
  return parsed.data;
};

// POST /api/profile_groups/:id/initialize_connection (rendered by lib/serializers/connection.ts). OAuth networks get a signed, single-use state and
// the network's authorize URL; form-connected networks (bluesky, telegram) connect at once.
export const initializeConnection = async ({
  principal,
  groupId,
  input,
}: {
  principal: Principal;
  groupId: string;
  input: TInitializeConnectionBody;
}): Promise<ConnectionStart> => {
  const group = await getProfileGroupOrThrow({ principal, id: groupId });
  const missing = [...(!input.platform ? ["Missing platform"] : [])];
  const platform = input.platform ? ZPlatform.safeParse(input.platform) : null;
  if (platform && !platform.success) missing.push(`Unsupported platform: ${input.platform}`);
  if (missing.length > 0 || !platform?.success) throw unprocessable(missing);

  let connector;
  try {
    connector = connectorFor({ platform: platform.data, environment: principal.environment });
  } catch (err) {
    if (err instanceof NetworkUnavailableError) throw unprocessable([err.message]);
    throw err;
  }
  const { refresh_connection: isRefresh } = parseOrThrow(ZRefresh, input);
  const existing = await db.profile.findFirst({
    where: { profileGroupId: group.id, platform: platform.data, status: "active" },
    select: { id: true },
  });
  if (existing && !isRefresh) throw unprocessable(["Platform already connected"]);

  const target = {
    accountId: principal.accountId,
    environment: principal.environment,
    profileGroupId: group.id,
    platform: platform.data,
  };
  const ctx = contextFor(connector);
  const auth = connector.auth;

  if (auth.kind === "credentials") {
    const credentials = parseOrThrow(auth.fields, input);
    const profile = await completeCredentialsConnection({ connector, ctx, target, credentials });
    return { profile, nextStep: auth.nextStep } satisfies ConnectionStart;
  }

  if (!input.redirect_url) throw unprocessable(["Missing redirect_url"]);
  const redirectUrl = parseOrThrow(ZRedirectUrl, input.redirect_url);
  const options = auth.startOptions ? parseOrThrow(auth.startOptions, input) : {};
  const credentialsSchema = auth.startCredentialsFor?.(ctx.settings);
  const credentials = credentialsSchema ? parseOrThrow(credentialsSchema, input) : null;
  const codeVerifier = randomBytes(32).toString("base64url");
  const attempt = await db.connectionAttempt.create({
    data: {
      id: newId("connectionAttempt"),
      ...target,
      redirectUrl,
      codeVerifier: encryptSecret(codeVerifier),
      options: encryptSecret(JSON.stringify({ options, credentials })),
      expiresAt: new Date(Date.now() + ATTEMPT_TTL_MS),
    },
  });
  const url = auth.authorizeUrl(ctx, {
    redirectUri: callbackUrl(platform.data),
    state: signState(attempt.id),
    codeChallenge: createHash("sha256").update(codeVerifier).digest("base64url"),
    options,
    credentials,
  });
  return { url } satisfies ConnectionStart;
};
