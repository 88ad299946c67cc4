import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { failureQueue, followConsent, listen, readBody, redirect, send, tokenStore, type FakeReply } from "./support";

// A small stand-in for TikTok's Login Kit v2 and open API, written from TikTok's documentation: the
// authorize page (www.tiktok.com/v2/auth/authorize/), the token endpoint (form-encoded client_key +
// client_secret; single-use codes bound to redirect_uri; rotating refresh tokens) and /v2/user/info/ with
// its `{data, error:{code,message,log_id}}` envelope and per-field scopes. One server plays both hosts.

export type TikTokFakeUser = { open_id: string; union_id: string; display_name: string; username: string; avatar_url: string };

const SCOPES = new Set(["user.info.basic", "user.info.profile", "user.info.stats", "video.publish", "video.upload", "video.list"]);
const FIELD_SCOPE: Record<string, string> = { open_id: "user.info.basic", union_id: "user.info.basic", avatar_url: "user.info.basic", display_name: "user.info.basic", username: "user.info.profile" };
const token = (prefix: string) => `${prefix}.${randomBytes(18).toString("hex")}`;
const logId = () => randomBytes(12).toString("hex").toUpperCase();

// The API v2 error envelope, for failNext().
export const tiktokApiError = (code: string, message: string, status: number, headers?: Record<string, string>): FakeReply => ({
  status,
  body: { data: {}, error: { code, message, log_id: logId() } },
  ...(headers && { headers }),
});
export const tiktokOAuthError = (error: string, description: string, status = 400): FakeReply => ({
  status,
  body: { error, error_description: description, log_id: logId() },
});

export const startTikTokFake = async ({
  clientKey = "tt-client-key",
  clientSecret = "tt-client-secret",
  redirectUris,
}: { clientKey?: string; clientSecret?: string; redirectUris?: string[] } = {}) => {
  const codes = new Map<string, { redirectUri: string; scopes: string[]; used: boolean }>();
  const tokens = tokenStore<string[]>(); // token -> granted scopes
  const failures = failureQueue<string>();
  let nextConsent: { deny?: boolean; scopes?: string[] } = {};

  const fake = {
    url: "",
    clientKey,
    clientSecret,
    user: { open_id: "-000ttOpenId1", union_id: "c9a1-union", display_name: "Trail Cams", username: "trailcams", avatar_url: "https://p16.tiktokcdn.example/avatar.jpeg" } as TikTokFakeUser,
    authorizeRequests: [] as URLSearchParams[],
    tokenRequests: [] as { contentType: string | undefined; form: Record<string, string> }[],
    userInfoRequests: [] as URLSearchParams[],
    // The user's answer on the next consent screen: refuse, or grant only some of the scopes.
    setNextConsent: (consent: { deny?: boolean; scopes?: string[] }) => void (nextConsent = consent),
    // The next request to `path` gets `reply` instead of its normal answer.
    failNext: (path: string, reply: FakeReply) => failures.push(path, reply),
    revokeAll: tokens.revokeAll,
    isAccessTokenValid: tokens.isAccessTokenValid,
    // Plays the user at the authorize page: returns the query TikTok sends to the redirect_uri.
    consent: (authorizeUrl: URL) => followConsent(authorizeUrl, "TikTok authorize page"),
    close: () => server.close(),
  };

  const authorize = (res: ServerResponse, query: URLSearchParams) => {
    fake.authorizeRequests.push(query);
    const redirectUri = query.get("redirect_uri") ?? "";
    const scopes = (query.get("scope") ?? "").split(",").filter(Boolean);
    const problem =
      query.get("client_key") !== clientKey
        ? "client_key"
        : query.get("response_type") !== "code"
          ? "response_type"
          : !redirectUri || (redirectUris && !redirectUris.includes(redirectUri))
            ? "redirect_uri"
            : scopes.length === 0 || scopes.some((s) => !SCOPES.has(s))
              ? "scope"
              : null;
    if (problem) return send(res, { status: 400, body: { error: "invalid_request", error_description: `Invalid ${problem}` } });
    const back = new URL(redirectUri);
    const consent = nextConsent;
    nextConsent = {};
    if (consent.deny) {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "The user denied the authorization request.");
    } else {
      const granted = consent.scopes ?? scopes;
      const code = token("code");
      codes.set(code, { redirectUri, scopes: granted, used: false });
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
      body: { access_token: access, expires_in: 86400, open_id: fake.user.open_id, refresh_expires_in: 31536000, refresh_token: refresh, scope: scopes.join(","), token_type: "Bearer" },
    });
  };

  const tokenEndpoint = async (req: IncomingMessage, res: ServerResponse) => {
    const contentType = req.headers["content-type"];
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    fake.tokenRequests.push({ contentType, form });
    if (!contentType?.startsWith("application/x-www-form-urlencoded")) return send(res, tiktokOAuthError("invalid_request", "Content-Type must be application/x-www-form-urlencoded"));
    if (form.client_key !== clientKey || form.client_secret !== clientSecret) return send(res, tiktokOAuthError("invalid_client", "Client key or secret is incorrect.", 401));
    if (form.grant_type === "authorization_code") {
      const grant = codes.get(form.code ?? "");
      if (!grant || grant.used) return send(res, tiktokOAuthError("invalid_grant", "Authorization code is expired."));
      grant.used = true;
      if (grant.redirectUri !== form.redirect_uri) return send(res, tiktokOAuthError("invalid_grant", "Redirect URI does not match the authorization request."));
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
    if (!scopes) return send(res, tiktokApiError("access_token_invalid", "The access token is invalid or not found in the request.", 401));
    const fields = (query.get("fields") ?? "").split(",").filter(Boolean);
    if (fields.length === 0 || fields.some((f) => !FIELD_SCOPE[f])) return send(res, tiktokApiError("invalid_params", "Invalid fields", 400));
    if (fields.some((f) => !scopes.includes(FIELD_SCOPE[f]!))) return send(res, tiktokApiError("scope_not_authorized", "The user did not authorize the scope required for completing this request.", 401));
    const user = Object.fromEntries(fields.map((f) => [f, fake.user[f as keyof TikTokFakeUser]]));
    send(res, { status: 200, body: { data: { user }, error: { code: "ok", message: "", log_id: logId() } } });
  };

  const server = await listen((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const failure = failures.take(url.pathname);
    if (failure) return send(res, failure);
    const route = `${req.method} ${url.pathname}`;
    if (route === "GET /v2/auth/authorize/") return authorize(res, url.searchParams);
    if (route === "POST /v2/oauth/token/") return void tokenEndpoint(req, res).catch(() => send(res, { status: 500 }));
    if (route === "GET /v2/user/info/") return userInfo(req, res, url.searchParams);
    send(res, tiktokApiError("invalid_params", `No route ${route}`, 404));
  });
  fake.url = server.url;
  return fake;
};

export type TikTokFake = Awaited<ReturnType<typeof startTikTokFake>>;
