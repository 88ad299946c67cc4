import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  failureQueue,
  followConsent,
  listen,
  oauthError,
  readBody,
  redirect,
  send as sendReply,
  tokenStore,
  type FakeReply,
} from "./support";
import { createXPosts } from "./x-posts";

// A small stand-in for X (Twitter) OAuth 2.0 and API v2, written from X's documentation and OpenAPI
// description: the authorize page (x.com/i/oauth2/authorize) with mandatory PKCE, POST /2/oauth2/token
// authenticating confidential clients with HTTP Basic (codes single use, bound to redirect_uri, client and
// code_challenge; refresh tokens only with offline.access, rotated on use) and GET /2/users/me. Each
// registered app is a user's own developer app. Errors: Problem+JSON, OAuth `{error, error_description}`,
// and x-rate-limit-* headers on API answers. One server plays both hosts. Posting, media upload, the
// user's timeline and metrics live in x-posts.ts (`fake.posts` holds what was created).

export type XFakeUser = {
  id: string;
  name: string;
  username: string;
  profile_image_url: string;
  subscription_type: "None" | "Basic" | "Premium" | "PremiumPlus";
};
type App = { clientId: string; clientSecret: string };
type Grant = { clientId: string; scopes: string[]; userId?: string }; // userId: another account than fake.user

const SCOPES = new Set([
  "tweet.read",
  "tweet.write",
  "tweet.moderate.write",
  "users.read",
  "follows.read",
  "follows.write",
  "offline.access",
  "space.read",
  "mute.read",
  "mute.write",
  "like.read",
  "like.write",
  "list.read",
  "list.write",
  "block.read",
  "block.write",
  "bookmark.read",
  "bookmark.write",
  "media.write",
  "dm.read",
  "dm.write",
]);
const token = () => randomBytes(30).toString("base64url");

export const xProblem = (
  status: number,
  title: string,
  detail: string,
  type = "about:blank",
  headers?: Record<string, string>,
): FakeReply => ({
  status,
  body: { title, detail, type, status },
  ...(headers && { headers }),
});
export const xRateLimited = (resetEpochSeconds: number) =>
  xProblem(429, "Too Many Requests", "Too Many Requests", "about:blank", {
    "x-rate-limit-limit": "75",
    "x-rate-limit-remaining": "0",
    "x-rate-limit-reset": String(resetEpochSeconds),
  });
// Problem+JSON errors go out as application/problem+json.
const send = (res: ServerResponse, reply: FakeReply) => {
  const { status, body } = reply;
  sendReply(
    res,
    reply,
    status >= 400 && body && typeof body === "object" && "title" in body
      ? "application/problem+json"
      : "application/json",
  );
};

const basicClient = (header: string | undefined): { id: string; secret: string } | null => {
  const match = /^Basic (.+)$/.exec(header ?? "");
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? null : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
};

export const startXFake = async ({ redirectUris }: { redirectUris?: string[] } = {}) => {
  const apps = new Map<string, App>();
  const codes = new Map<string, Grant & { redirectUri: string; challenge: string; used: boolean }>();
  const tokens = tokenStore<Grant>();
  const failures = failureQueue<string | RegExp, string>((key, path) =>
    typeof key === "string" ? key === path : key.test(path),
  );
  const posts = createXPosts();
  let denyNext = false;

  const fake = {
    url: "",
    user: {
      id: "1460000000000000001",
      name: "Night Owl Coffee",
      username: "nightowlcoffee",
      profile_image_url: "https://pbs.twimg.example/profile_images/1/owl_normal.jpg",
      subscription_type: "None",
    } as XFakeUser,
    authorizeRequests: [] as URLSearchParams[],
    tokenRequests: [] as {
      client: { id: string; secret: string } | null;
      contentType: string | undefined;
      form: Record<string, string>;
    }[],
    // A developer app as the user creates it in the X developer portal (OAuth 2.0, confidential client).
    registerApp: (
      clientId = `Y2xpZW50${randomBytes(8).toString("hex")}OjE6Y2k`,
      clientSecret = randomBytes(24).toString("base64url"),
    ) => {
      apps.set(clientId, { clientId, clientSecret });
      return { client_id: clientId, client_secret: clientSecret };
    },
    denyNextConsent: () => void (denyNext = true),
    // The next request to `path` (a pathname, or a pattern for paths with ids) answers `reply`.
    failNext: (path: string | RegExp, reply: FakeReply) => failures.push(path, reply),
    // What was uploaded and posted (media, tweets), and the knobs of processing and metrics.
    posts: posts.state,
    // Every API request (not the OAuth pages), for asserting what a connector sent or did not send.
    requests: [] as { method: string; path: string; query: Record<string, string> }[],
    // The next successful request starting with `prefix` ("POST /2/tweets") is carried out, then its
    // connection is dropped without an answer: the post exists but the caller never hears of it.
    loseNextAnswer: (prefix: string) => void posts.state.lost.add(prefix),
    // An access token as the code exchange would issue it (for connector tests that skip the consent).
    // `userId`: a token of another X account than fake.user (tests with many accounts).
    issueToken: (
      scopes = ["tweet.read", "tweet.write", "users.read", "media.write", "offline.access"],
      { userId }: { userId?: string } = {},
    ) => {
      const access = token();
      tokens.access.set(access, { clientId: "direct", scopes, ...(userId && { userId }) });
      return access;
    },
    revokeAll: tokens.revokeAll,
    isAccessTokenValid: tokens.isAccessTokenValid,
    consent: (authorizeUrl: URL) => followConsent(authorizeUrl, "X authorize page"),
    close: () => server.close(),
  };

  const authorize = (res: ServerResponse, query: URLSearchParams) => {
    fake.authorizeRequests.push(query);
    const redirectUri = query.get("redirect_uri") ?? "";
    const scopes = (query.get("scope") ?? "").split(" ").filter(Boolean);
    const clientId = query.get("client_id") ?? "";
    const problem = !apps.has(clientId)
      ? "Unknown client_id"
      : query.get("response_type") !== "code" || !redirectUri || (redirectUris && !redirectUris.includes(redirectUri))
        ? "Invalid response_type or redirect_uri"
        : scopes.length === 0 || scopes.some((s) => !SCOPES.has(s))
          ? "Invalid scope"
          : query.get("code_challenge_method") !== "S256" || !/^[\w-]{43}$/.test(query.get("code_challenge") ?? "")
            ? "Missing or invalid PKCE code_challenge"
            : null;
    if (problem) return send(res, oauthError("invalid_request", problem));
    const back = new URL(redirectUri);
    if (denyNext) {
      denyNext = false;
      back.searchParams.set("error", "access_denied");
    } else {
      const code = token();
      codes.set(code, { clientId, scopes, redirectUri, challenge: query.get("code_challenge")!, used: false });
      back.searchParams.set("code", code);
    }
    back.searchParams.set("state", query.get("state") ?? "");
    redirect(res, back);
  };

  const issue = (res: ServerResponse, grant: Grant) => {
    const access = token();
    tokens.access.set(access, grant);
    const refresh = grant.scopes.includes("offline.access") ? token() : undefined;
    if (refresh) tokens.refresh.set(refresh, grant);
    send(res, {
      status: 200,
      body: {
        token_type: "bearer",
        expires_in: 7200,
        access_token: access,
        scope: grant.scopes.join(" "),
        ...(refresh && { refresh_token: refresh }),
      },
    });
  };

  const tokenEndpoint = async (req: IncomingMessage, res: ServerResponse) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const client = basicClient(req.headers.authorization);
    fake.tokenRequests.push({ client, contentType: req.headers["content-type"], form });
    const app = client && apps.get(client.id);
    if (!client || !app || app.clientSecret !== client.secret)
      return send(res, oauthError("unauthorized_client", "Missing valid authorization header", 401));
    if (form.grant_type === "authorization_code") {
      const grant = codes.get(form.code ?? "");
      if (!grant || grant.used || grant.clientId !== client.id || grant.redirectUri !== form.redirect_uri) {
        return send(res, oauthError("invalid_request", "Value passed for the authorization code was invalid."));
      }
      grant.used = true;
      if (
        createHash("sha256")
          .update(form.code_verifier ?? "")
          .digest("base64url") !== grant.challenge
      ) {
        return send(res, oauthError("invalid_request", "Value passed for the code verifier was invalid."));
      }
      return issue(res, grant);
    }
    if (form.grant_type === "refresh_token") {
      const grant = tokens.refresh.get(form.refresh_token ?? "");
      if (!grant || grant.clientId !== client.id)
        return send(res, oauthError("invalid_request", "Value passed for the token was invalid."));
      tokens.refresh.delete(form.refresh_token!);
      return issue(res, grant);
    }
    return send(res, oauthError("unsupported_grant_type", "Unsupported grant_type"));
  };

  const me = (req: IncomingMessage, res: ServerResponse, query: URLSearchParams) => {
    const reset = String(Math.floor(Date.now() / 1000) + 900);
    const limits = { "x-rate-limit-limit": "75", "x-rate-limit-remaining": "74", "x-rate-limit-reset": reset };
    const grant = tokens.bearer(req);
    if (!grant) return send(res, xProblem(401, "Unauthorized", "Unauthorized"));
    if (!grant.scopes.includes("users.read") || !grant.scopes.includes("tweet.read")) {
      return send(
        res,
        xProblem(
          403,
          "Forbidden",
          "Missing scopes users.read and tweet.read",
          "https://api.x.com/2/problems/oauth2-scope",
        ),
      );
    }
    const fields = (query.get("user.fields") ?? "").split(",");
    const { name, username, profile_image_url, subscription_type } = fake.user;
    const id = grant.userId ?? fake.user.id;
    const extra = {
      ...(fields.includes("profile_image_url") && { profile_image_url }),
      ...(fields.includes("subscription_type") && { subscription_type }),
      ...(fields.includes("public_metrics") && { public_metrics: { ...posts.state.userMetrics } }),
    };
    send(res, { status: 200, headers: limits, body: { data: { id, name, username, ...extra } } });
  };

  const server = await listen((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname.startsWith("/2/") && url.pathname !== "/2/oauth2/token")
      fake.requests.push({
        method: req.method ?? "GET",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
      });
    const failure = failures.take(url.pathname);
    if (failure) return send(res, failure);
    const route = `${req.method} ${url.pathname}`;
    if (route === "GET /i/oauth2/authorize") return authorize(res, url.searchParams);
    if (route === "POST /2/oauth2/token") return void tokenEndpoint(req, res).catch(() => send(res, { status: 500 }));
    if (route === "GET /2/users/me") return me(req, res, url.searchParams);
    void (async () => {
      const bodyMax = fake.user.subscription_type === "None" ? 280 : 25_000;
      const grant = tokens.bearer(req);
      const reply = await posts.route({ req, url, grant, userId: grant?.userId ?? fake.user.id, bodyMax });
      if (reply?.afterLost) return void req.socket.destroy();
      send(
        res,
        reply ??
          xProblem(404, "Not Found Error", `No route ${route}`, "https://api.x.com/2/problems/resource-not-found"),
      );
    })().catch((err: unknown) => send(res, xProblem(500, "Internal Server Error", (err as Error).message)));
  });
  fake.url = server.url;
  return fake;
};

export type XFake = Awaited<ReturnType<typeof startXFake>>;
