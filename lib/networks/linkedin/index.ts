import { NetworkError } from "../errors";
import { formBody, readJson } from "../http";
import { linkedinMeta } from "./meta";
import type { NetworkConnector, TokenSet } from "../types";
import { linkedinMentions } from "./mentions";
import { mapLinkedInError } from "./errors";
import { fetchMember } from "./member";
import { organizationPlacements } from "./organizations";
import { deletePublished, findPublished, publish } from "./publish";
import { ZLinkedInSettings, at, scopeList, type LinkedInCtx, type LinkedInSettings } from "./settings";
import { postStats, profileStats } from "./stats";

export { LINKEDIN_DEFAULT_SCOPES, ZLinkedInSettings, type LinkedInSettings } from "./settings";
export { fetchMember } from "./member";

// LinkedIn: OAuth 2.0 (3-legged, no PKCE for confidential web apps) on www.linkedin.com, the member
// through OpenID Connect userinfo, and the organizations the member administers through the versioned
// REST API (Community Management). Access tokens last 60 days; refresh tokens are issued only to
// approved partners, so without one the member re-authorises when the access token ends.

type TokenResponse = {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  scope?: string;
};

const requestToken = async (ctx: LinkedInCtx, fields: Record<string, string>): Promise<TokenSet> => {
  const res = await ctx.fetch(at(ctx.settings.web_url, "/oauth/v2/accessToken"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: formBody({ ...fields, client_id: ctx.settings.client_id, client_secret: ctx.settings.client_secret }),
  });
  const body = await readJson<TokenResponse>({ mapError: mapLinkedInError }, res);
  if (!body?.access_token)
    throw new NetworkError("outcome_unknown", "LinkedIn answered the token request without an access token");
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? null,
    expiresAt: typeof body.expires_in === "number" ? new Date(Date.now() + body.expires_in * 1000) : null,
    scopes: body.scope ? scopeList(body.scope) : [],
  };
};

export const linkedinConnector: NetworkConnector<LinkedInSettings> = {
  platform: "linkedin",
  displayName: linkedinMeta.displayName,
  settings: ZLinkedInSettings,
  auth: {
    kind: "oauth",
    authorizeUrl: (ctx, start) => {
      const url = new URL(at(ctx.settings.web_url, "/oauth/v2/authorization"));
      url.search = new URLSearchParams({
        response_type: "code",
        client_id: ctx.settings.client_id,
        redirect_uri: start.redirectUri,
        state: start.state,
        scope: scopeList(ctx.settings.scopes).join(" "),
      }).toString();
      return url.toString();
    },
    exchangeCode: (ctx, { code, redirectUri }) =>
      requestToken(ctx, { grant_type: "authorization_code", code, redirect_uri: redirectUri }),
  },

  // Without a refresh token the connection ends with the access token (60 days): connectionExpiresAt
  // tells the integrator when the member must reconnect.
  identity: async (ctx, auth) => {
    const member = await fetchMember(ctx, auth);
    return {
      externalId: member.id,
      name: member.name,
      username: null, // OpenID userinfo carries no vanity name
      avatarUrl: member.picture,
      connectionExpiresAt: auth.tokens?.refreshToken ? null : (auth.tokens?.expiresAt ?? null),
      metadata: { person_urn: member.urn, ...(member.email && { email: member.email }) },
    };
  },

  // The personal profile (id null) first, then each organization the member administers.
  placements: async (ctx, auth) => {
    const member = await fetchMember(ctx, auth);
    const person = {
      externalId: null,
      name: member.name,
      avatarUrl: member.picture,
      metadata: { type: "person", urn: member.urn },
    };
    return [person, ...(await organizationPlacements(ctx, auth))];
  },

  refresh: async (ctx, auth) => {
    const refreshToken = auth.tokens?.refreshToken;
    if (!refreshToken)
      throw new NetworkError(
        "auth_expired",
        "LinkedIn issued no refresh token for this profile; the member must reconnect",
      );
    return requestToken(ctx, { grant_type: "refresh_token", refresh_token: refreshToken });
  },

  // Posts API (publish.ts). The post rules take no first_comment, so there is no createFirstComment.
  publish,
  findPublished,
  deletePublished,
  profileStats,
  postStats,
  mapError: mapLinkedInError,
  management: { mentions: linkedinMentions },
};
