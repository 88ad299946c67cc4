import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { send, tokenStore, type FakeReply } from "./support";
import { CODES, businessApiError, businessOk } from "./tiktok-comments";

// The TikTok fake's Authorization for Business: codes from the shared authorize page (tiktok.ts, when the
// client_key is the Business app's), POST /open_api/v1.3/tt_user/oauth2/token/ and …/refresh_token/
// (JSON {client_id, client_secret, grant_type, auth_code | refresh_token[, redirect_uri]}; single-use codes
// bound to redirect_uri; rotating refresh tokens), POST …/tt_user/token_info/get/ {app_id, access_token}
// and GET …/business/get/ (the account). Its tokens ("bat." prefix) are the only ones the fake's API for
// Business takes, and the Login Kit and Content Posting routes refuse them. Strict like the rest: unknown
// fields -> 40002, a wrong client -> 40001, a bad code -> 40110, a bad refresh token -> 40107, an unknown
// grant type -> 40108 (codes from TikTok's tiktok_code.py). Sources: github.com/sns-sdks/python-tiktok
// pytiktok/business_account_api.py and testsdata/business/access_token/*.json;
// github.com/aoyagikouhei/tiktok-business maker/apis/get_business_get.yaml, maker/responses/account.yaml.

export const BUSINESS_SCOPES = [
  "user.info.basic",
  "user.info.username",
  "user.info.stats",
  "user.account.type",
  "user.insights",
  "video.list",
  "video.insights",
  "video.publish",
  "comment.list",
  "comment.list.manage",
];
export type FakeCode = { redirectUri: string; scopes: string[]; used: boolean; app: "login" | "business" };
type Owner = { open_id: string; username: string; display_name: string; avatar_url: string; follower_count: number };

const BODIES: Record<string, string[]> = {
  "/tt_user/oauth2/token/": ["client_id", "client_secret", "grant_type", "auth_code", "redirect_uri"],
  "/tt_user/oauth2/refresh_token/": ["client_id", "client_secret", "grant_type", "refresh_token"],
  "/tt_user/token_info/get/": ["app_id", "access_token"],
};
const GRANT: Record<string, string> = {
  "/tt_user/oauth2/token/": "authorization_code",
  "/tt_user/oauth2/refresh_token/": "refresh_token",
};
const ACCOUNT_QUERY = ["business_id", "fields", "start_date", "end_date"];
const ACCOUNT_FIELDS = ["username", "display_name", "profile_image", "is_business_account", "followers_count"];
const ROOT = "/open_api/v1.3";
const token = (prefix: string) => `${prefix}.${randomBytes(18).toString("hex")}`;
const param = (message: string) => businessApiError(CODES.param, message);

export const tiktokBusinessAuth = ({
  appId,
  appSecret,
  codes,
  owner,
}: {
  appId: string;
  appSecret: string;
  codes: Map<string, FakeCode>;
  owner: () => Owner;
}) => {
  const tokens = tokenStore<string[]>();
  const state = {
    appId,
    appSecret,
    requests: [] as { path: string; body: Record<string, unknown> | null; query: Record<string, string> }[],
    requestsTo: (path: string) => state.requests.filter((r) => r.path === path),
    // A business token as if the user had consented to `scopes` (tests that skip the OAuth dance).
    grant: (scopes: string[] = BUSINESS_SCOPES) => {
      const access = token("bat");
      tokens.access.set(access, scopes);
      return access;
    },
    isAccessTokenValid: tokens.isAccessTokenValid,
    revokeAll: tokens.revokeAll,
  };

  const issue = (scopes: string[]) => {
    const access = token("bat");
    const refresh = token("brt");
    tokens.access.set(access, scopes);
    tokens.refresh.set(refresh, scopes);
    return businessOk({
      access_token: access,
      open_id: owner().open_id,
      scope: scopes.join(","),
      expires_in: 86400,
      refresh_token: refresh,
      refresh_token_expires_in: 31536000,
      token_type: "Bearer",
    });
  };

  const tokenCall = (path: string, body: Record<string, unknown>): FakeReply => {
    if (path === "/tt_user/token_info/get/") {
      if (body.app_id !== appId) return businessApiError(CODES.permission, "The app_id is not valid");
      const scopes = tokens.access.get(String(body.access_token));
      if (!scopes) return businessApiError(CODES.token, "Access token is incorrect or has been revoked.");
      return businessOk({ app_id: appId, creator_id: owner().open_id, scope: scopes.join(",") });
    }
    if (body.client_id !== appId || body.client_secret !== appSecret)
      return businessApiError(CODES.permission, "The client_id or client_secret is not valid");
    if (body.grant_type !== GRANT[path]) return businessApiError(40108, `Invalid grant_type: ${body.grant_type}`);
    if (path === "/tt_user/oauth2/refresh_token/") {
      const scopes = tokens.refresh.get(String(body.refresh_token));
      if (!scopes) return businessApiError(40107, "The refresh token is invalid or expired.");
      tokens.refresh.delete(String(body.refresh_token)); // rotated
      return issue(scopes);
    }
    const code = codes.get(String(body.auth_code));
    if (!code || code.used || code.app !== "business")
      return businessApiError(40110, "The auth_code is invalid or expired.");
    code.used = true;
    if (code.redirectUri !== body.redirect_uri) return param("redirect_uri does not match the authorization");
    return issue(code.scopes);
  };

  const account = (query: Record<string, string>, accessToken: string | undefined): FakeReply => {
    if (!accessToken || !tokens.isAccessTokenValid(accessToken))
      return businessApiError(CODES.token, "Access token is incorrect or has been revoked.");
    const unknown = Object.keys(query).find((k) => !ACCOUNT_QUERY.includes(k));
    if (unknown) return param(`Unknown parameter: ${unknown}`);
    let fields: unknown;
    try {
      fields = JSON.parse(query.fields ?? '["display_name","profile_image"]');
    } catch {
      return param(`Invalid fields: ${query.fields}`);
    }
    if (!Array.isArray(fields) || fields.some((f) => !ACCOUNT_FIELDS.includes(f)))
      return param(`Invalid fields: ${query.fields}`);
    const me = owner();
    if (query.business_id !== me.open_id) return businessApiError(CODES.permission, "No permission for business_id");
    const all: Record<string, unknown> = {
      username: me.username,
      display_name: me.display_name,
      profile_image: me.avatar_url,
      is_business_account: true,
      followers_count: me.follower_count,
    };
    return businessOk(Object.fromEntries((fields as string[]).map((f) => [f, all[f]])));
  };

  // Answers the token endpoints and /business/get/; false for any other path.
  const handle = (
    res: ServerResponse,
    method: string,
    url: URL,
    accessToken: string | undefined,
    rawBody: string,
    contentType: string | undefined,
  ) => {
    const path = url.pathname.startsWith(ROOT) ? url.pathname.slice(ROOT.length) : "";
    const query = Object.fromEntries(url.searchParams);
    if (path === "/business/get/") {
      state.requests.push({ path, body: null, query });
      send(res, method === "GET" ? account(query, accessToken) : businessApiError(40400, "Method not allowed", 405));
      return true;
    }
    const fields = BODIES[path];
    if (!fields) return false;
    const reply = (r: FakeReply) => (send(res, r), true);
    if (method !== "POST") return reply(businessApiError(40400, `Method ${method} not allowed`, 405));
    if (url.search) return reply(param("Unexpected query parameters"));
    if (!contentType?.startsWith("application/json")) return reply(param("Content-Type must be application/json"));
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(rawBody || "null") as Record<string, unknown>;
    } catch {
      return reply(param("The request body is not valid JSON"));
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) return reply(param("The body must be an object"));
    state.requests.push({ path, body, query });
    const unknown = Object.keys(body).find((k) => !fields.includes(k));
    if (unknown) return reply(param(`Unknown field: ${unknown}`));
    const missing = fields.find((k) => typeof body[k] !== "string" || body[k] === "");
    if (missing) return reply(param(`Missing or invalid field: ${missing}`));
    return reply(tokenCall(path, body));
  };
  return { state, handle };
};
