import { z } from "zod";
import type { NetworkConnector } from "../types";
import { graphRequest, graphUrl } from "./request";

// GET /debug_token on graph.facebook.com, called with the app access token (`{app-id}|{app-secret}`):
// what a user or business token actually grants (scopes, and per-asset `granular_scopes` such as the
// WhatsApp Business Accounts shared during Embedded Signup) and when it and its data access expire.

const zUnixSeconds = z.coerce.number().optional();

const ZDebugToken = z.object({
  data: z
    .object({
      app_id: z.coerce.string().optional(),
      type: z.string().optional(),
      is_valid: z.boolean().optional(),
      expires_at: zUnixSeconds, // 0: never
      data_access_expires_at: zUnixSeconds, // 0: never
      scopes: z.array(z.string()).optional(),
      granular_scopes: z
        .array(z.object({ scope: z.string(), target_ids: z.array(z.coerce.string()).optional() }))
        .optional(),
      user_id: z.coerce.string().optional(),
    })
    .loose(),
});

export type TokenInspection = {
  scopes: string[];
  granularScopes: { scope: string; targetIds: string[] | null }[];
  // The earlier of token expiry and data-access expiry; null when neither expires.
  expiresAt: Date | null;
};

const fromUnix = (seconds: number | undefined) => (seconds && seconds > 0 ? new Date(seconds * 1000) : null);

export const inspectToken = async (
  ctx: { fetch: typeof fetch },
  connector: Pick<NetworkConnector, "mapError" | "displayName">,
  settings: { graph_url: string; api_version: string; client_id: string; client_secret: string },
  token: string,
): Promise<TokenInspection> => {
  const { data } = await graphRequest(
    ctx,
    connector,
    {
      url: graphUrl(settings.graph_url, settings.api_version, "debug_token"),
      query: { input_token: token },
      token: `${settings.client_id}|${settings.client_secret}`,
      tokenIn: "query",
    },
    ZDebugToken,
  );
  const dates = [fromUnix(data.expires_at), fromUnix(data.data_access_expires_at)].filter((d): d is Date => d !== null);
  return {
    scopes: data.scopes ?? [],
    granularScopes: (data.granular_scopes ?? []).map((g) => ({ scope: g.scope, targetIds: g.target_ids ?? null })),
    expiresAt: dates.length > 0 ? new Date(Math.min(...dates.map((d) => d.getTime()))) : null,
  };
};
