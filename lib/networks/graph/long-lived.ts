import type { NetworkConnector, ProfileAuth, TokenSet } from "../types";
import { ZTokenAnswer, expiryFrom, graphRequest, graphUrl, requireToken } from "./request";

// Instagram Login and Threads share one token scheme: the code's 1-hour token is exchanged for a 60-day
// token (`<x>_exchange_token`), which renews itself (`<x>_refresh_token`). There is no separate refresh
// token, so the long-lived token is stored as the refresh token too and the generic refresh job renews
// it. Tokens are refreshable once a day old: renew a week ahead, so an outage never lets one lapse.
export const LONG_LIVED_REFRESH_LEAD_MS = 7 * 24 * 60 * 60 * 1000;

type Ctx = { fetch: typeof fetch; settings: { graph_url: string; client_secret: string } };
type Connector = Pick<NetworkConnector, "mapError" | "displayName">;
export type LongLivedGrants = { exchange: string; refresh: string }; // e.g. ig_exchange_token / ig_refresh_token

const longLived = (token: string, expiresIn: number | undefined, scopes?: string[]): TokenSet => ({
  accessToken: token,
  refreshToken: token,
  expiresAt: expiryFrom(expiresIn),
  ...(scopes && { scopes }),
});

export const exchangeForLongLived = async (
  ctx: Ctx,
  connector: Connector,
  { grants, shortToken, scopes }: { grants: LongLivedGrants; shortToken: string; scopes?: string[] },
): Promise<TokenSet> => {
  const long = await graphRequest(
    ctx,
    connector,
    {
      url: graphUrl(ctx.settings.graph_url, null, "access_token"),
      query: { grant_type: grants.exchange, client_secret: ctx.settings.client_secret },
      token: shortToken,
      tokenIn: "query",
    },
    ZTokenAnswer,
  );
  return longLived(long.access_token, long.expires_in, scopes);
};

export const refreshLongLived = async (
  ctx: Ctx,
  connector: Connector,
  { grants, auth }: { grants: LongLivedGrants; auth: ProfileAuth },
): Promise<TokenSet> => {
  const renewed = await graphRequest(
    ctx,
    connector,
    {
      url: graphUrl(ctx.settings.graph_url, null, "refresh_access_token"),
      query: { grant_type: grants.refresh },
      token: auth.tokens?.refreshToken || requireToken(auth),
      tokenIn: "query",
    },
    ZTokenAnswer,
  );
  return longLived(renewed.access_token, renewed.expires_in);
};
