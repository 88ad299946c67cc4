import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { BUSINESS_SCOPES, tiktokBusinessAuth, type FakeCode } from "./tiktok-business-auth";
import { businessApiError, tiktokComments } from "./tiktok-comments";
import {
  failureQueue,
  followConsent,
  listen,
  readBody,
  readBytes,
  redirect,
  send,
  tokenStore,
  type FakeReply,
} from "./support";
import { logId, tiktokApiError, tiktokOAuthError } from "./tiktok-errors";
import { tiktokPosting } from "./tiktok-posting";

export { businessApiError, tiktokApiError, tiktokOAuthError };

// A small stand-in for TikTok's Login Kit v2 and open API, written from TikTok's documentation: the
// authorize page (www.tiktok.com/v2/auth/authorize/), the token endpoint (form-encoded client_key +
// client_secret; single-use codes bound to redirect_uri; rotating refresh tokens) and /v2/user/info/ with
// its `{data, error:{code,message,log_id}}` envelope and per-field scopes. One server plays both hosts (and
// the upload host). Posting, the video list and video query are in tiktok-posting.ts; the API for Business
// (/open_api/v1.3/business/…, `{code, message, request_id, data}`) is in tiktok-comments.ts, and its own
// authorization (the same authorize page with the Business app's client key) in tiktok-business-auth.ts.

export type TikTokFakeUser = {
  open_id: string;
  union_id: string;
  display_name: string;
  username: string;
  avatar_url: string;
  follower_count: number;
  following_count: number;
  likes_count: number;
  video_count: number;
};

const SCOPES = new Set([
  "user.info.basic",
  "user.info.profile",
  "user.info.stats",
  "video.publish",
  "video.upload",
  "video.list",
]);
const FIELD_SCOPE: Record<string, string> = {
  open_id: "user.info.basic",
  union_id: "user.info.basic",
  avatar_url: "user.info.basic",
  display_name: "user.info.basic",
  username: "user.info.profile",
  follower_count: "user.info.stats",
  following_count: "user.info.stats",
  likes_count: "user.info.stats",
  video_count: "user.info.stats",
};
const token = (prefix: string) => `${prefix}.${randomBytes(18).toString("hex")}`;
export const startTikTokFake = async ({
  clientKey = "tt-client-key",
  clientSecret = "tt-client-secret",
  businessAppId = "tt-biz-app",
  businessAppSecret = "tt-biz-secret",
  redirectUris,
}: {
  clientKey?: string;
  clientSecret?: string;
  businessAppId?: string;
  businessAppSecret?: string;
  redirectUris?: string[];
} = {}) => {
  const codes = new Map<string, FakeCode>();
  const tokens = tokenStore<string[]>(); // token -> granted scopes
  const failures = failureQueue<string>();
  const lostAnswers = failureQueue<string>();
  const posting = tiktokPosting();
  const comments = tiktokComments(() => fake.user);
  const business = tiktokBusinessAuth({
    appId: businessAppId,
    appSecret: businessAppSecret,
    codes,
    owner: () => fake.user,
  });
  let nextConsent: { deny?: boolean; scopes?: string[] } = {};

  const fake = {
    url: "",
    clientKey,
    clientSecret,
    user: {
      open_id: "-000ttOpenId1",
      union_id: "c9a1-union",
      display_name: "Trail Cams",
      username: "trailcams",
      avatar_url: "https://p16.tiktokcdn.example/avatar.jpeg",
      follower_count: 5120,
      following_count: 88,
      likes_count: 40211,
      video_count: 37,
    } as TikTokFakeUser,
    authorizeRequests: [] as URLSearchParams[],
    tokenRequests: [] as { contentType: string | undefined; form: Record<string, string> }[],
    userInfoRequests: [] as URLSearchParams[],
    // The user's answer on the next consent screen: refuse, or grant only some of the scopes.
    setNextConsent: (consent: { deny?: boolean; scopes?: string[] }) => void (nextConsent = consent),
    // The next request to `path` gets `reply` instead of its normal answer.
    failNext: (path: string, reply: FakeReply) => failures.push(path, reply),
    // The next `METHOD /path` is carried out, then the connection drops before the answer.
    loseAnswerNext: (route: string) => lostAnswers.push(route, { status: 0 }),
    // Creator info, publishes (init bodies, uploaded bytes, status), published videos, knobs.
    publishing: posting.state,
    // API for Business comments (tiktok-comments.ts): videos, comments, requests.
    comments: comments.state,
    // API for Business publishing (tiktok-business-posting.ts): shares, knobs, video metrics.
    businessPosting: comments.posting,
    // Authorization for Business (tiktok-business-auth.ts): app id and secret, token requests, grant().
    business: business.state,
    // An access token as if the user had consented to `scopes` (connector tests skip the OAuth dance).
    grant: (scopes: string[] = [...SCOPES]) => {
      const access = token("act");
      tokens.access.set(access, scopes);
      return access;
    },
    revokeAll: () => (tokens.revokeAll(), business.state.revokeAll()),
    isAccessTokenValid: tokens.isAccessTokenValid,
    // Plays the user at the authorize page: returns the query TikTok sends to the redirect_uri.
    consent: (authorizeUrl: URL) => followConsent(authorizeUrl, "TikTok authorize page"),
    close: () => server.close(),
  };

  const authorize = (res: ServerResponse, query: URLSearchParams) => {
    fake.authorizeRequests.push(query);
    const redirectUri = query.get("redirect_uri") ?? "";
    const scopes = (query.get("scope") ?? "").split(",").filter(Boolean);
    const app = query.get("client_key") === clientKey ? "login" : "business";
    const known = app === "login" ? SCOPES : new Set(BUSINESS_SCOPES);
    const problem =
      query.get("client_key") !== clientKey && query.get("client_key") !== businessAppId
        ? "client_key"
        : query.get("response_type") !== "code"
          ? "response_type"
          : !redirectUri || (redirectUris && !redirectUris.includes(redirectUri))
            ? "redirect_uri"
            : scopes.length === 0 || scopes.some((s) => !known.has(s))
              ? "scope"
              : null;
    if (problem)
      return send(res, { status: 400, body: { error: "invalid_request", error_description: `Invalid ${problem}` } });
    const back = new URL(redirectUri);
    const consent = nextConsent;
    nextConsent = {};
    if (consent.deny) {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "The user denied the authorization request.");
    } else {
      const granted = consent.scopes ?? scopes;
      const code = token("code");
      codes.set(code, { redirectUri, scopes: granted, used: false, app });
      back.searchParams.set("code", code);
      back.searchParams.set("scopes", granted.join(","));
    }
    back.searchParams.set("state", query.get("state") ?? "");
    redirect(res, back);
  };

  const issue = (res: ServerResponse, scopes: string[]) => {
    const access = token("act");
    const refresh = token("rft");
    tokens.access.set(access, scopes);
    tokens.refresh.set(refresh, scopes);
    send(res, {
      status: 200,
      body: {
        access_token: access,
        expires_in: 86400,
        open_id: fake.user.open_id,
        refresh_expires_in: 31536000,
        refresh_token: refresh,
        scope: scopes.join(","),
        token_type: "Bearer",
      },
    });
  };

  const tokenEndpoint = async (req: IncomingMessage, res: ServerResponse) => {
    const contentType = req.headers["content-type"];
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    fake.tokenRequests.push({ contentType, form });
    if (!contentType?.startsWith("application/x-www-form-urlencoded"))
      return send(res, tiktokOAuthError("invalid_request", "Content-Type must be application/x-www-form-urlencoded"));
    if (form.client_key !== clientKey || form.client_secret !== clientSecret)
      return send(res, tiktokOAuthError("invalid_client", "Client key or secret is incorrect.", 401));
    if (form.grant_type === "authorization_code") {
      const grant = codes.get(form.code ?? "");
      if (!grant || grant.used || grant.app !== "login")
        return send(res, tiktokOAuthError("invalid_grant", "Authorization code is expired."));
      grant.used = true;
      if (grant.redirectUri !== form.redirect_uri)
        return send(res, tiktokOAuthError("invalid_grant", "Redirect URI does not match the authorization request."));
      return issue(res, grant.scopes);
    }
    if (form.grant_type === "refresh_token") {
      const scopes = tokens.refresh.get(form.refresh_token ?? "");
      if (!scopes) return send(res, tiktokOAuthError("invalid_grant", "Refresh token is invalid or expired."));
      tokens.refresh.delete(form.refresh_token!); // rotated
      return issue(res, scopes);
    }
    return send(res, tiktokOAuthError("unsupported_grant_type", "The grant type is not supported."));
  };

  const userInfo = (req: IncomingMessage, res: ServerResponse, query: URLSearchParams) => {
    fake.userInfoRequests.push(query);
    const scopes = tokens.bearer(req);
    if (!scopes)
      return send(
        res,
        tiktokApiError("access_token_invalid", "The access token is invalid or not found in the request.", 401),
      );
    const fields = (query.get("fields") ?? "").split(",").filter(Boolean);
    if (fields.length === 0 || fields.some((f) => !FIELD_SCOPE[f]))
      return send(res, tiktokApiError("invalid_params", "Invalid fields", 400));
    if (fields.some((f) => !scopes.includes(FIELD_SCOPE[f]!)))
      return send(
        res,
        tiktokApiError(
          "scope_not_authorized",
          "The user did not authorize the scope required for completing this request.",
          401,
        ),
      );
    const user = Object.fromEntries(fields.map((f) => [f, fake.user[f as keyof TikTokFakeUser]]));
    send(res, { status: 200, body: { data: { user }, error: { code: "ok", message: "", log_id: logId() } } });
  };

  // The open API's POST routes: Bearer token, JSON body (TikTok wants application/json).
  const api = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const scopes = tokens.bearer(req);
    const text = await readBody(req);
    if (!scopes)
      return send(
        res,
        tiktokApiError("access_token_invalid", "The access token is invalid or not found in the request.", 401),
      );
    if (!req.headers["content-type"]?.startsWith("application/json"))
      return send(res, tiktokApiError("invalid_params", "Content-Type must be application/json", 400));
    let body: Record<string, any>;
    try {
      body = JSON.parse(text || "{}") as Record<string, any>;
    } catch {
      return send(res, tiktokApiError("invalid_params", "The request body is not valid JSON", 400));
    }
    if (!posting.handle(res, url.pathname, url.searchParams, scopes, fake.url, body))
      send(res, tiktokApiError("invalid_params", `No route POST ${url.pathname}`, 404));
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
    if (url.pathname.startsWith("/open_api/")) {
      const accessToken = req.headers["access-token"];
      return void readBody(req)
        .then((text) => {
          const token = typeof accessToken === "string" ? accessToken : undefined;
          const [method, type] = [req.method ?? "GET", req.headers["content-type"]];
          const handled =
            business.handle(res, method, url, token, text, type) ||
            comments.handle(res, method, url, token, business.state.isAccessTokenValid, text, type);
          if (!handled) send(res, businessApiError(40400, `No route ${route}`, 404));
        })
        .catch(() => send(res, { status: 500 }));
    }
    if (route === "GET /v2/auth/authorize/") return authorize(res, url.searchParams);
    if (route === "POST /v2/oauth/token/") return void tokenEndpoint(req, res).catch(() => send(res, { status: 500 }));
    if (route === "GET /v2/user/info/") return userInfo(req, res, url.searchParams);
    if (req.method === "PUT" && url.pathname.startsWith("/tiktok-upload/")) {
      const id = decodeURIComponent(url.pathname.slice("/tiktok-upload/".length));
      return void readBytes(req).then((bytes) => posting.upload(req, res, id, bytes));
    }
    if (req.method === "POST" && url.pathname.startsWith("/v2/"))
      return void api(req, res, url).catch(() => send(res, { status: 500 }));
    send(res, tiktokApiError("invalid_params", `No route ${route}`, 404));
  });
  fake.url = server.url;
  return fake;
};

export type TikTokFake = Awaited<ReturnType<typeof startTikTokFake>>;
