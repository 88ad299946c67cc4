import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { accountsList, channelsList, googleApiError, locationsList, userinfo, type ApiLimits, type FakeGoogleUser, type Reply } from "./google-apis";
import { ALIASES, SCOPE, fakeGoogleOAuth, oauthError } from "./google-oauth";
import { followConsent, listen, readBody } from "./support";

export { fakeLocation, googleApiError, type FakeGoogleAccount, type FakeGoogleUser } from "./google-apis";

// A local stand-in for Google, speaking its wire formats for the youtube and google_business
// connectors: the OAuth consent screen and token endpoint (client secret, single-use codes, PKCE,
// refresh, invalid_grant), YouTube channels.list, Business Profile accounts and locations, and OpenID
// userinfo. Each real host is a path prefix (`/<host>/…`), so every base-URL setting is checked to reach
// the right host. Errors and rate limits can be scripted per route; every request is recorded.
//
// The "browser" that visits the consent screen is `consent()`: it names the signed-in user and whether
// they allow or deny (headers standing in for Google's session cookie), and follows nothing: it returns
// the query Google's 302 sends to redirect_uri.

export const GOOGLE_HOSTS = {
  accounts: "accounts.google.com",
  oauth2: "oauth2.googleapis.com",
  youtube: "www.googleapis.com/youtube/v3",
  accountManagement: "mybusinessaccountmanagement.googleapis.com/v1",
  businessInformation: "mybusinessbusinessinformation.googleapis.com/v1",
  openidconnect: "openidconnect.googleapis.com/v1",
} as const;

export type GoogleRoute = "authorize" | "token" | "channels" | "accounts" | "locations" | "userinfo";
export type RecordedRequest = { route: GoogleRoute | "unknown"; method: string; url: URL; headers: IncomingHttpHeaders; form: URLSearchParams | null };

const ROUTE_SCOPES: Partial<Record<GoogleRoute, string[]>> = {
  channels: ["youtube", "youtube.readonly", "youtube.force-ssl", "youtubepartner"].map(SCOPE),
  accounts: [SCOPE("business.manage"), SCOPE("plus.business.manage")],
  locations: [SCOPE("business.manage"), SCOPE("plus.business.manage")],
  userinfo: ["openid", ALIASES.email!, ALIASES.profile!],
};

export const startGoogleFake = async ({ clientId = "fake-client.apps.googleusercontent.com", clientSecret = "fake-client-secret" } = {}) => {
  const users = new Map<string, FakeGoogleUser>();
  const oauth = fakeGoogleOAuth({ clientId, clientSecret, users });
  const failures = new Map<GoogleRoute, Reply[]>();
  const requests: RecordedRequest[] = [];
  const limits: ApiLimits = { accountsPerPage: 20, locationsPerPage: 100 };

  const routeOf = (method: string, path: string): { route: GoogleRoute; accountId?: string } | null => {
    if (method === "GET" && path === `/${GOOGLE_HOSTS.accounts}/o/oauth2/v2/auth`) return { route: "authorize" };
    if (method === "POST" && path === `/${GOOGLE_HOSTS.oauth2}/token`) return { route: "token" };
    if (method === "GET" && path === `/${GOOGLE_HOSTS.youtube}/channels`) return { route: "channels" };
    if (method === "GET" && path === `/${GOOGLE_HOSTS.accountManagement}/accounts`) return { route: "accounts" };
    if (method === "GET" && path === `/${GOOGLE_HOSTS.openidconnect}/userinfo`) return { route: "userinfo" };
    const locations = new RegExp(`^/${GOOGLE_HOSTS.businessInformation}/accounts/([^/]+)/locations$`).exec(path);
    return method === "GET" && locations ? { route: "locations", accountId: decodeURIComponent(locations[1]!) } : null;
  };

  const handle = (req: IncomingMessage, url: URL, raw: string): Reply => {
    const found = routeOf(req.method ?? "GET", url.pathname);
    const form = req.method === "POST" && /x-www-form-urlencoded/.test(req.headers["content-type"] ?? "") ? new URLSearchParams(raw) : null;
    requests.push({ route: found?.route ?? "unknown", method: req.method ?? "GET", url, headers: req.headers, form });
    if (!found) return { status: 404, body: googleApiError(404, "NOT_FOUND", `The fake has no route ${req.method} ${url.pathname}`) };
    const scripted = failures.get(found.route)?.shift();
    if (scripted) return scripted;
    if (found.route === "authorize") return oauth.authorize(url.searchParams, req.headers);
    if (found.route === "token") return form ? oauth.token(form, req.headers) : oauthError(400, "invalid_request", "Bad Request");
    const who = oauth.caller(req.headers, ROUTE_SCOPES[found.route] ?? [], found.route === "userinfo");
    if ("status" in who) return who;
    if (found.route === "channels") return channelsList(who.user, url.searchParams);
    if (found.route === "accounts") return accountsList(who.user, url.searchParams, limits);
    if (found.route === "locations") return locationsList(who.user, found.accountId!, url.searchParams, limits);
    return userinfo(who.user, who.scopes);
  };

  const server = await listen(
    (req, res) =>
      void readBody(req).then((raw) => {
        const reply = handle(req, new URL(req.url ?? "/", "http://fake.google"), raw);
        const isText = typeof reply.body === "string";
        res.writeHead(reply.status, { "content-type": isText ? "text/html; charset=utf-8" : "application/json; charset=UTF-8", ...reply.headers });
        res.end(isText ? reply.body : JSON.stringify(reply.body));
      }),
    { dropConnections: true },
  );
  const origin = server.url;
  const url = (host: keyof typeof GOOGLE_HOSTS) => `${origin}/${GOOGLE_HOSTS[host]}`;

  return {
    origin,
    clientId,
    clientSecret,
    url,
    requests,
    limits, // server-side page-size caps, to exercise pagination with little data
    requestsTo: (route: GoogleRoute) => requests.filter((r) => r.route === route),
    // NETWORK_<PLATFORM>_* variables pointing a connector at this fake.
    env: (platform: "youtube" | "google_business"): Record<string, string> => {
      const p = `NETWORK_${platform.toUpperCase()}_`;
      const common = {
        [`${p}CLIENT_ID`]: clientId,
        [`${p}CLIENT_SECRET`]: clientSecret,
        [`${p}ACCOUNTS_URL`]: url("accounts"),
        [`${p}OAUTH2_URL`]: url("oauth2"),
      };
      return platform === "youtube"
        ? { ...common, [`${p}API_URL`]: url("youtube") }
        : {
            ...common,
            [`${p}ACCOUNT_MANAGEMENT_URL`]: url("accountManagement"),
            [`${p}BUSINESS_INFORMATION_URL`]: url("businessInformation"),
            [`${p}OPENIDCONNECT_URL`]: url("openidconnect"),
          };
    },
    addUser: (user: FakeGoogleUser) => (users.set(user.sub, user), user),
    // The user on the consent screen: allows (optionally unticking scopes) or denies.
    consent:
      ({ user, deny = false, untick = [] }: { user: FakeGoogleUser; deny?: boolean; untick?: string[] }) =>
      (authorizeUrl: URL) =>
        followConsent(authorizeUrl, "Google fake consent screen", {
          "x-fake-google-user": user.sub,
          "x-fake-google-decision": deny ? "deny" : "allow",
          "x-fake-google-untick": untick.join(" "),
        }),
    // The next `times` calls to `route` answer `reply` instead.
    failNext: (route: GoogleRoute, reply: Reply, times = 1) => failures.set(route, [...(failures.get(route) ?? []), ...Array<Reply>(times).fill(reply)]),
    revoke: oauth.revoke,
    accessTokensOf: oauth.accessTokensOf,
    close: server.close,
  };
};

export type GoogleFake = Awaited<ReturnType<typeof startGoogleFake>>;
