import { z } from "zod";
import { NetworkError } from "../errors";

// Which X developer app a profile connects through: the account's own (client_id + client_secret from the
// initialize_connection body, stored encrypted with the profile), else the server's own app
// (NETWORK_TWITTER_CLIENT_ID / _SECRET) when the operator configured one. Both are OAuth 2.0
// confidential clients ("Web App, Automated App or Bot"): the keys are HTTP Basic credentials.

export type DeveloperKeys = { client_id: string; client_secret: string };
type ServerKeys = { client_id?: string | undefined; client_secret?: string | undefined };

const key = (field: string) =>
  z
    .string({
      error: `${field} must be a string (the OAuth 2.0 ${field === "client_id" ? "Client ID" : "Client Secret"} of your X app)`,
    })
    .trim();

// The server has no X app: the body must carry both keys.
export const ZTwitterDeveloperKeys = z.object({
  client_id: key("client_id").min(1, "client_id can't be blank"),
  client_secret: key("client_secret").min(1, "client_secret can't be blank"),
});

// The server has an X app: both keys or neither (neither: {} = the server's app).
const ZOptionalDeveloperKeys = z
  .object({ client_id: key("client_id").optional(), client_secret: key("client_secret").optional() })
  .superRefine((keys, ctx) => {
    for (const [field, other] of [
      ["client_id", "client_secret"],
      ["client_secret", "client_id"],
    ] as const) {
      if (!keys[field] && keys[other])
        ctx.addIssue({
          code: "invalid_type",
          expected: "string",
          input: keys[field],
          path: [field],
          message: `required together with ${other}`,
        });
    }
  })
  .transform((keys): Record<string, string> =>
    keys.client_id && keys.client_secret ? { client_id: keys.client_id, client_secret: keys.client_secret } : {},
  );

const serverKeys = (settings: ServerKeys): DeveloperKeys | null =>
  settings.client_id && settings.client_secret
    ? { client_id: settings.client_id, client_secret: settings.client_secret }
    : null;

export const developerKeysSchema = (settings: ServerKeys): z.ZodType<Record<string, string>> =>
  serverKeys(settings) ? ZOptionalDeveloperKeys : ZTwitterDeveloperKeys;

export const developerKeys = (settings: ServerKeys, credentials: Record<string, string> | null): DeveloperKeys => {
  if (credentials?.client_id && credentials.client_secret)
    return { client_id: credentials.client_id, client_secret: credentials.client_secret };
  const server = serverKeys(settings);
  if (server) return server;
  throw new NetworkError(
    "auth_expired",
    "No X developer keys for this profile and none configured on the server; reconnect it with client_id and client_secret",
  );
};
