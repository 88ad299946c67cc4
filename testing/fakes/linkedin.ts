import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { linkedinPublishing, type LinkedInFakeCtx } from "./linkedin-posts";
import { linkedinStats } from "./linkedin-stats";
import {
  failureQueue,
  followConsent,
  listen,
  oauthError,
  readBody,
  redirect,
  send,
  tokenStore,
  type FakeReply,
} from "./support";

// A small stand-in for LinkedIn, written from its documentation: OAuth 2.0 on www.linkedin.com
// (client_id + client_secret in the form body; single-use codes bound to redirect_uri; refresh tokens only
// for partner apps), OpenID userinfo on /v2, and the versioned REST API, which refuses calls without
// `LinkedIn-Version` (400 VERSION_MISSING) or with a sunset version (426 NONEXISTENT_VERSION) and reads
// Rest.li 2.0 syntax (`List(…)`) only with `X-Restli-Protocol-Version: 2.0.0`. One server plays both hosts.
// Publishing (posts, media uploads) is in linkedin-posts.ts, stats and geo typeahead in linkedin-stats.ts.

export type LinkedInFakeMember = {
  sub: string;
  name: string;
  given_name: string;
  family_name: string;
  picture: string;
  email: string;
};
export type LinkedInFakeOrganization = {
  id: number;
  localizedName: string;
  vanityName: string;
  role?: string;
  state?: string;
};
// Pages anyone can look up (the organization lookup API), administered or not: companies, showcase pages
// (parentRelationship SHOWCASE) and schools (primaryOrganizationType SCHOOL).
export type LinkedInFakePage = {
  id: number;
  localizedName: string;
  vanityName: string;
  kind: "company" | "showcase" | "school";
  parent?: number;
};

const pageResource = (p: LinkedInFakePage) => ({
  id: p.id,
  localizedName: p.localizedName,
  vanityName: p.vanityName,
  primaryOrganizationType: p.kind === "school" ? "SCHOOL" : "NONE",
  ...(p.kind === "showcase" && {
    parentRelationship: {
      relationshipType: "SHOWCASE",
      relationshipStatus: "ACTIVE",
      parent: `urn:li:organization:${p.parent ?? 1}`,
    },
  }),
});

const SCOPES = new Set([
  "openid",
  "profile",
  "email",
  "w_member_social",
  "r_member_social",
  "r_organization_social",
  "w_organization_social",
  "rw_organization_admin",
  "r_member_postAnalytics",
]);
const token = (prefix: string) => `${prefix}${randomBytes(24).toString("base64url")}`;

export const linkedinError = (status: number, code: string, message: string, serviceErrorCode?: number): FakeReply => ({
  status,
  body: { status, ...(serviceErrorCode !== undefined && { serviceErrorCode }), code, message },
});

export const startLinkedInFake = async ({
  clientId = "86li-client-id",
  clientSecret = "li-client-secret",
  redirectUris,
  oldestActiveVersion = "202510",
}: { clientId?: string; clientSecret?: string; redirectUris?: string[]; oldestActiveVersion?: string } = {}) => {
  const codes = new Map<string, { redirectUri: string; scopes: string[]; used: boolean }>();
  const tokens = tokenStore<string[]>();
  const failures = failureQueue<string>();
  const publishing = linkedinPublishing();
  const stats = linkedinStats();
  const lostAnswers = failureQueue<string>();
  let denyNext = false;

  const fake = {
    url: "",
    clientId,
    clientSecret,
    member: {
      sub: "782bbtaQ",
      name: "Ada Lovelace",
      given_name: "Ada",
      family_name: "Lovelace",
      picture: "https://media.licdn.example/ada.jpg",
      email: "ada@example.com",
    } as LinkedInFakeMember,
    organizations: [] as LinkedInFakeOrganization[],
    pages: [] as LinkedInFakePage[],
    issueRefreshTokens: false, // only approved partner apps get refresh tokens
    authorizeRequests: [] as URLSearchParams[],
    tokenRequests: [] as {
      contentType: string | undefined;
      authorization: string | undefined;
      form: Record<string, string>;
    }[],
    restRequests: [] as { path: string; rawQuery: string; version: string | undefined; restli: string | undefined }[],
    denyNextConsent: () => void (denyNext = true),
    failNext: (path: string, reply: FakeReply) => failures.push(path, reply),
    // The next `METHOD /path` is carried out, then the connection drops before the answer.
    loseAnswerNext: (route: string) => lostAnswers.push(route, { status: 0 }),
    // Created posts, uploaded assets, raw POST /rest/posts bodies, processing knobs.
    publishing: publishing.state,
    // Follower, share, page-view and member-post numbers the stats endpoints answer.
    stats: stats.state,
    revokeAll: tokens.revokeAll,
    // An access token as if the member had consented to `scopes` (connector tests skip the OAuth dance).
    grant: (scopes: string[] = [...SCOPES]) => {
      const access = token("AQV");
      tokens.access.set(access, scopes);
      return access;
    },
    isAccessTokenValid: tokens.isAccessTokenValid,
    consent: (authorizeUrl: URL) => followConsent(authorizeUrl, "LinkedIn authorization page"),
    close: () => server.close(),
  };

  const authorize = (res: ServerResponse, query: URLSearchParams) => {
    fake.authorizeRequests.push(query);
    const redirectUri = query.get("redirect_uri") ?? "";
    const scopes = (query.get("scope") ?? "").split(" ").filter(Boolean);
    if (query.get("client_id") !== clientId) return send(res, oauthError("invalid_client", "Invalid client_id"));
    if (
      query.get("response_type") !== "code" ||
      !redirectUri ||
      (redirectUris && !redirectUris.includes(redirectUri))
    ) {
      return send(res, oauthError("invalid_request", "The redirect_uri does not match the registered value"));
    }
    const back = new URL(redirectUri);
    if (scopes.length === 0 || scopes.some((s) => !SCOPES.has(s))) {
      back.searchParams.set("error", "unauthorized_scope_error");
      back.searchParams.set(
        "error_description",
        `Scope "${scopes.find((s) => !SCOPES.has(s)) ?? ""}" is not authorized for your application`,
      );
    } else if (denyNext) {
      denyNext = false;
      back.searchParams.set("error", "user_cancelled_authorize");
      back.searchParams.set("error_description", "The user cancelled the authorization");
    } else {
      const code = token("AQ");
      codes.set(code, { redirectUri, scopes, used: false });
      back.searchParams.set("code", code);
    }
    back.searchParams.set("state", query.get("state") ?? "");
    redirect(res, back);
  };

  const issue = (res: ServerResponse, scopes: string[], refresh?: string) => {
    const access = token("AQV");
    tokens.access.set(access, scopes);
    const refreshToken = refresh ?? (fake.issueRefreshTokens ? token("AQX") : undefined);
    if (refreshToken) tokens.refresh.set(refreshToken, scopes);
    send(res, {
      status: 200,
      body: {
        access_token: access,
        expires_in: 5184000,
        ...(refreshToken && { refresh_token: refreshToken, refresh_token_expires_in: 31535000 }),
        scope: [...scopes].sort().join(","),
        token_type: "Bearer",
      },
    });
  };

  const tokenEndpoint = async (req: IncomingMessage, res: ServerResponse) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    fake.tokenRequests.push({
      contentType: req.headers["content-type"],
      authorization: req.headers.authorization,
      form,
    });
    if (form.client_id !== clientId || form.client_secret !== clientSecret)
      return send(res, oauthError("invalid_client", "Client authentication failed", 401));
    if (form.grant_type === "authorization_code") {
      const grant = codes.get(form.code ?? "");
      if (!grant || grant.used || grant.redirectUri !== form.redirect_uri) {
        return send(
          res,
          oauthError(
            "invalid_request",
            "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.",
          ),
        );
      }
      grant.used = true;
      return issue(res, grant.scopes);
    }
    if (form.grant_type === "refresh_token") {
      const scopes = tokens.refresh.get(form.refresh_token ?? "");
      if (!scopes)
        return send(
          res,
          oauthError("invalid_request", "The provided authorization grant is invalid, expired, or revoked"),
        );
      return issue(res, scopes, form.refresh_token); // the refresh token keeps its value and original expiry
    }
    return send(res, oauthError("unsupported_grant_type", "Unsupported grant type"));
  };

  const ctxFor = (scopes: string[]): LinkedInFakeCtx => ({
    url: fake.url,
    scopes,
    memberUrn: () => `urn:li:person:${fake.member.sub}`,
    adminOf: (id) =>
      fake.organizations.some(
        (o) =>
          String(o.id) === id &&
          (o.role ?? "ADMINISTRATOR") === "ADMINISTRATOR" &&
          (o.state ?? "APPROVED") === "APPROVED",
      ),
  });

  const rest = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const version = req.headers["linkedin-version"] as string | undefined;
    const restli = req.headers["x-restli-protocol-version"] as string | undefined;
    const rawQuery = (req.url ?? "").split("?")[1] ?? "";
    fake.restRequests.push({ path: url.pathname, rawQuery, version, restli });
    if (!version)
      return send(
        res,
        linkedinError(
          400,
          "VERSION_MISSING",
          "A version must be present. Please specify a version by adding the LinkedIn-Version header.",
        ),
      );
    if (!/^\d{6}(\.\d{2})?$/.test(version))
      return send(res, linkedinError(400, "INVALID_VERSION", `Invalid version format: ${version}`));
    if (version.slice(0, 6) < oldestActiveVersion)
      return send(res, linkedinError(426, "NONEXISTENT_VERSION", `Requested version ${version} is not active`));
    const scopes = tokens.bearer(req);
    if (!scopes) return send(res, linkedinError(401, "INVALID_ACCESS_TOKEN", "Invalid access token", 65600));
    if (publishing.handle(req, res, url, ctxFor(scopes))) return;
    if (req.method !== "GET")
      return send(res, linkedinError(405, "METHOD_NOT_ALLOWED", `${req.method} ${url.pathname} is not supported`));
    if (restli === "2.0.0" && stats.handle(res, url, rawQuery, ctxFor(scopes))) return;
    if (url.pathname === "/rest/organizationAcls") {
      if (restli !== "2.0.0")
        return send(res, linkedinError(400, "ILLEGAL_ARGUMENT", "Invalid query parameters passed to request"));
      if (url.searchParams.get("q") !== "roleAssignee")
        return send(res, linkedinError(400, "ILLEGAL_ARGUMENT", "Unsupported finder"));
      if (!scopes.includes("rw_organization_admin"))
        return send(
          res,
          linkedinError(
            403,
            "ACCESS_DENIED",
            `Not enough permissions to access: organizationAcls.FINDER-roleAssignee.${version}`,
            100,
          ),
        );
      const role = url.searchParams.get("role");
      const state = url.searchParams.get("state");
      const matching = fake.organizations.filter(
        (o) => (!role || (o.role ?? "ADMINISTRATOR") === role) && (!state || (o.state ?? "APPROVED") === state),
      );
      const start = Number(url.searchParams.get("start") ?? 0);
      const count = Math.min(Number(url.searchParams.get("count") ?? 10), 100);
      const elements = matching.slice(start, start + count).map((o) => ({
        roleAssignee: `urn:li:person:${fake.member.sub}`,
        state: o.state ?? "APPROVED",
        role: o.role ?? "ADMINISTRATOR",
        organization: `urn:li:organization:${o.id}`,
      }));
      return send(res, {
        status: 200,
        body: { paging: { start, count, links: [], total: matching.length }, elements },
      });
    }
    const byId = /^\/rest\/organizations\/(\d+)$/.exec(url.pathname)?.[1];
    if (byId) {
      const page = fake.pages.find((p) => String(p.id) === byId);
      return send(
        res,
        page
          ? { status: 200, body: pageResource(page) }
          : linkedinError(404, "NOT_FOUND", `Organization ${byId} not found`),
      );
    }
    if (url.pathname === "/rest/organizations" && url.searchParams.get("q") === "vanityName") {
      const vanityName = url.searchParams.get("vanityName");
      const other = [...url.searchParams.keys()].find((k) => k !== "q" && k !== "vanityName");
      if (!vanityName || other)
        return send(
          res,
          linkedinError(400, "ILLEGAL_ARGUMENT", other ? `Unknown query parameter ${other}` : "vanityName is required"),
        );
      const found = fake.pages.filter((p) => p.vanityName.toLowerCase() === vanityName.toLowerCase());
      return send(res, {
        status: 200,
        body: { paging: { start: 0, count: 10, links: [] }, elements: found.map(pageResource) },
      });
    }
    if (url.pathname === "/rest/organizations") {
      const ids = /^ids=List\(([\d,]*)\)$/.exec(rawQuery)?.[1];
      if (restli !== "2.0.0" || ids === undefined)
        return send(res, linkedinError(400, "ILLEGAL_ARGUMENT", "Invalid query parameters passed to request"));
      const found = ids.split(",").flatMap((id) => fake.organizations.filter((o) => String(o.id) === id));
      const results = Object.fromEntries(
        found.map((o) => [String(o.id), { id: o.id, localizedName: o.localizedName, vanityName: o.vanityName }]),
      );
      return send(res, {
        status: 200,
        body: { results, statuses: Object.fromEntries(found.map((o) => [String(o.id), 200])), errors: {} },
      });
    }
    send(res, linkedinError(404, "NOT_FOUND", `No resource found for ${url.pathname}`));
  };

  const server = await listen((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const failure = failures.take(url.pathname);
    if (failure) return send(res, failure);
    const route = `${req.method} ${url.pathname}`;
    if (lostAnswers.take(route)) {
      res.writeHead = (() => res) as unknown as typeof res.writeHead;
      res.end = (() => (req.socket.destroy(), res)) as unknown as typeof res.end;
    }
    if (route === "GET /oauth/v2/authorization") return authorize(res, url.searchParams);
    if (route === "POST /oauth/v2/accessToken")
      return void tokenEndpoint(req, res).catch(() => send(res, { status: 500 }));
    if (route === "GET /v2/userinfo") {
      if (!tokens.bearer(req))
        return send(res, {
          status: 401,
          body: { serviceErrorCode: 65600, message: "Invalid access token", status: 401 },
        });
      return send(res, {
        status: 200,
        body: { ...fake.member, email_verified: true, locale: { country: "GB", language: "en" } },
      });
    }
    if (url.pathname.startsWith("/rest/")) return rest(req, res, url);
    if (route === "GET /v2/geoTypeahead" || url.pathname.startsWith("/dms-uploads/")) {
      const scopes = tokens.bearer(req);
      if (!scopes) return send(res, linkedinError(401, "INVALID_ACCESS_TOKEN", "Invalid access token", 65600));
      if (route === "GET /v2/geoTypeahead")
        return stats.geoTypeahead(res, url, req.headers["x-restli-protocol-version"] as string | undefined);
      if (publishing.handle(req, res, url, ctxFor(scopes))) return;
    }
    send(res, linkedinError(404, "NOT_FOUND", `No route ${route}`));
  });
  fake.url = server.url;
  return fake;
};

export type LinkedInFake = Awaited<ReturnType<typeof startLinkedInFake>>;
