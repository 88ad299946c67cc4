import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pinterestPins } from "./pinterest-pins";
import { failureQueue, followConsent, listen, readBody, redirect, send, tokenStore, type FakeReply } from "./support";

// A small stand-in for Pinterest API v5, written from Pinterest's OpenAPI description (v5, MIT): the
// authorize page (www.pinterest.com/oauth/), POST /v5/oauth/token with HTTP Basic client_id:client_secret
// (single-use codes bound to redirect_uri; continuous refresh tokens that rotate), GET /v5/user_account
// and GET /v5/boards paged with an opaque `bookmark`. Errors are `{code, message}`. One server plays both hosts
// (and the S3 upload host). Pins, video uploads and analytics are in pinterest-pins.ts.

export type PinterestFakeAccount = {
  id: string;
  username: string;
  business_name: string | null;
  profile_image: string;
  account_type: string;
  website_url: string;
};
export type PinterestFakeBoard = {
  id: string;
  name: string;
  description: string;
  privacy: "PUBLIC" | "PROTECTED" | "SECRET";
};

const SCOPES = new Set([
  "boards:read",
  "boards:read_secret",
  "boards:write",
  "boards:write_secret",
  "pins:read",
  "pins:read_secret",
  "pins:write",
  "pins:write_secret",
  "user_accounts:read",
]);
const token = (prefix: string) => `${prefix}${randomBytes(24).toString("base64url")}`;

export const pinterestError = (
  status: number,
  code: number,
  message: string,
  headers?: Record<string, string>,
): FakeReply => ({ status, body: { code, message }, ...(headers && { headers }) });
const AUTH_FAILED = pinterestError(401, 2, "Authentication failed.");
const NO_SCOPE = pinterestError(
  401,
  3,
  "Your token does not have sufficient permissions to perform this operation. Please ensure your token is authorized with the correct set of scopes.",
);

export const startPinterestFake = async ({
  clientId = "1509876",
  clientSecret = "pin-app-secret",
  redirectUris,
}: { clientId?: string; clientSecret?: string; redirectUris?: string[] } = {}) => {
  const codes = new Map<string, { redirectUri: string; scopes: string[]; used: boolean }>();
  const tokens = tokenStore<string[]>();
  const failures = failureQueue<string>();
  const lostAnswers = failureQueue<string>();
  const pins = pinterestPins();
  let denyNext = false;

  const fake = {
    url: "",
    clientId,
    clientSecret,
    account: {
      id: "549755885175",
      username: "plantsandpots",
      business_name: "Plants & Pots",
      profile_image: "https://i.pinimg.example/75x75_RS/pp.jpg",
      account_type: "BUSINESS",
      website_url: "https://plants.example",
    } as PinterestFakeAccount,
    boards: [] as PinterestFakeBoard[],
    authorizeRequests: [] as URLSearchParams[],
    tokenRequests: [] as {
      authorization: string | undefined;
      contentType: string | undefined;
      form: Record<string, string>;
    }[],
    boardRequests: [] as URLSearchParams[],
    denyNextConsent: () => void (denyNext = true),
    failNext: (path: string, reply: FakeReply) => failures.push(path, reply),
    // The next `METHOD /path` is carried out, then the connection drops before the answer.
    loseAnswerNext: (route: string) => lostAnswers.push(route, { status: 0 }),
    // Created pins, registered videos, upload and analytics requests, processing and metric knobs.
    publishing: pins.state,
    // An access token as if the user had consented to `scopes` (connector tests skip the OAuth dance).
    grant: (scopes: string[] = [...SCOPES]) => {
      const access = token("pina_");
      tokens.access.set(access, scopes);
      return access;
    },
    revokeAll: tokens.revokeAll,
    isAccessTokenValid: tokens.isAccessTokenValid,
    consent: (authorizeUrl: URL) => followConsent(authorizeUrl, "Pinterest authorize page"),
    close: () => server.close(),
  };

  const authorize = (res: ServerResponse, query: URLSearchParams) => {
    fake.authorizeRequests.push(query);
    const redirectUri = query.get("redirect_uri") ?? "";
    const scopes = (query.get("scope") ?? "").split(",").filter(Boolean);
    if (query.get("client_id") !== clientId || query.get("response_type") !== "code")
      return send(res, pinterestError(400, 1, "Invalid client_id or response_type"));
    if (!redirectUri || (redirectUris && !redirectUris.includes(redirectUri)))
      return send(res, pinterestError(400, 1, "Redirect URI is not registered for this app"));
    if (scopes.length === 0 || scopes.some((s) => !SCOPES.has(s)))
      return send(res, pinterestError(400, 1, "Invalid scope"));
    const back = new URL(redirectUri);
    if (denyNext) {
      denyNext = false;
      back.searchParams.set("error", "access_denied");
    } else {
      const code = token("");
      codes.set(code, { redirectUri, scopes, used: false });
      back.searchParams.set("code", code);
    }
    back.searchParams.set("state", query.get("state") ?? "");
    redirect(res, back);
  };

  const issue = (res: ServerResponse, scopes: string[], responseType: string) => {
    const access = token("pina_");
    const refresh = token("pinr_");
    tokens.access.set(access, scopes);
    tokens.refresh.set(refresh, scopes);
    const refreshIn = 60 * 24 * 3600; // continuous refresh tokens
    send(res, {
      status: 200,
      body: {
        access_token: access,
        refresh_token: refresh,
        response_type: responseType,
        token_type: "bearer",
        expires_in: 2592000,
        refresh_token_expires_in: refreshIn,
        refresh_token_expires_at: Math.floor(Date.now() / 1000) + refreshIn,
        scope: scopes.join(" "),
      },
    });
  };

  const tokenEndpoint = async (req: IncomingMessage, res: ServerResponse) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const authorization = req.headers.authorization;
    fake.tokenRequests.push({ authorization, contentType: req.headers["content-type"], form });
    if (authorization !== `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`)
      return send(res, AUTH_FAILED);
    if (form.grant_type === "authorization_code") {
      const grant = codes.get(form.code ?? "");
      if (!grant || grant.used || grant.redirectUri !== form.redirect_uri)
        return send(res, pinterestError(400, 1, "Invalid authorization code or redirect_uri"));
      grant.used = true;
      return issue(res, grant.scopes, "authorization_code");
    }
    if (form.grant_type === "refresh_token") {
      const scopes = tokens.refresh.get(form.refresh_token ?? "");
      if (!scopes) return send(res, pinterestError(400, 1, "Invalid refresh token"));
      tokens.refresh.delete(form.refresh_token!);
      return issue(res, scopes, "refresh_token");
    }
    return send(res, pinterestError(400, 1, "Unsupported grant_type"));
  };

  const api = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const scopes = tokens.bearer(req);
    if (!scopes) return send(res, AUTH_FAILED);
    const ctx = {
      url: fake.url,
      scopes,
      boardIds: () => fake.boards.map((b) => b.id),
      accountType: () => fake.account.account_type,
    };
    const json = async () => JSON.parse((await readBody(req)) || "{}") as Record<string, unknown>;
    if (pins.handle(req, res, url, ctx, json)) return;
    if (req.method !== "GET") return send(res, pinterestError(405, 405, `Method ${req.method} not allowed`));
    if (url.pathname === "/v5/user_account") {
      if (!scopes.includes("user_accounts:read")) return send(res, NO_SCOPE);
      return send(res, {
        status: 200,
        body: {
          ...fake.account,
          board_count: fake.boards.length,
          pin_count: 0,
          follower_count: 12,
          following_count: 3,
          monthly_views: 100,
        },
      });
    }
    if (url.pathname === "/v5/boards") {
      fake.boardRequests.push(url.searchParams);
      if (!scopes.includes("boards:read")) return send(res, NO_SCOPE);
      const pageSize = Number(url.searchParams.get("page_size") ?? 25);
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 250)
        return send(res, pinterestError(400, 1, "page_size must be between 1 and 250"));
      const bookmark = url.searchParams.get("bookmark");
      const start = bookmark
        ? Number(
            Buffer.from(bookmark, "base64url")
              .toString("utf8")
              .replace(/^offset:/, ""),
          )
        : 0;
      if (!Number.isInteger(start)) return send(res, pinterestError(400, 1, "Invalid bookmark"));
      const visible = fake.boards.filter((b) => b.privacy !== "SECRET" || scopes.includes("boards:read_secret"));
      const items = visible
        .slice(start, start + pageSize)
        .map((b) => ({ ...b, owner: { username: fake.account.username }, pin_count: 0, follower_count: 0 }));
      const next =
        start + pageSize < visible.length ? Buffer.from(`offset:${start + pageSize}`).toString("base64url") : null;
      return send(res, { status: 200, body: { items, bookmark: next } });
    }
    send(res, pinterestError(404, 404, "Not found"));
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
    if (route === "POST /pinterest-media-upload/")
      return void pins.s3Upload(req, res).catch(() => send(res, { status: 500 }));
    if (route === "GET /oauth/") return authorize(res, url.searchParams);
    if (route === "POST /v5/oauth/token") return void tokenEndpoint(req, res).catch(() => send(res, { status: 500 }));
    if (url.pathname.startsWith("/v5/")) return api(req, res, url);
    send(res, pinterestError(404, 404, `No route ${route}`));
  });
  fake.url = server.url;
  return fake;
};

export type PinterestFake = Awaited<ReturnType<typeof startPinterestFake>>;
