import { createHash, randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { googleApiError, type FakeGoogleUser, type Reply } from "./google-apis";

// The OAuth half of the Google fake (testing/fakes/google.ts): the consent screen
// (GET accounts.google.com/o/oauth2/v2/auth), the token endpoint (POST oauth2.googleapis.com/token:
// client secret, single-use codes, PKCE S256/plain, refresh grant, invalid_grant) and the bearer check
// the APIs share. Error bodies are Google's: an HTML page where Google shows one instead of
// redirecting, {error, error_description} from the token endpoint.

export const SCOPE = (s: string) => `https://www.googleapis.com/auth/${s}`;
export const ALIASES: Record<string, string> = { email: SCOPE("userinfo.email"), profile: SCOPE("userinfo.profile") };

const rand = () => randomBytes(12).toString("base64url");
export const oauthError = (status: number, error: string, description: string): Reply => ({
  status,
  body: { error, error_description: description },
});
const errorPage = (status: number, title: string, detail = ""): Reply => ({
  status,
  body: `<html><body><h1>${title}</h1><p>${detail}</p></body></html>`,
});

type Code = {
  clientId: string;
  redirectUri: string;
  sub: string;
  scopes: string[];
  challenge: string | null;
  method: string | null;
  offline: boolean;
  used: boolean;
  expiresAt: number;
};
type Grant = { clientId: string; sub: string; scopes: string[]; revoked: boolean; expiresAt?: number };

export const fakeGoogleOAuth = ({
  clientId,
  clientSecret,
  users,
}: {
  clientId: string;
  clientSecret: string;
  users: Map<string, FakeGoogleUser>;
}) => {
  const codes = new Map<string, Code>();
  const refreshTokens = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant>();
  const priorGrants = new Map<string, Set<string>>(); // include_granted_scopes

  const issue = (grant: Omit<Grant, "revoked">, offline: boolean): Reply => {
    const accessToken = `ya29.fake-${rand()}`;
    accessTokens.set(accessToken, { ...grant, revoked: false, expiresAt: Date.now() + 3599_000 });
    const refreshToken = offline ? `1//fake-${rand()}` : undefined;
    if (refreshToken) refreshTokens.set(refreshToken, { ...grant, revoked: false });
    const idToken = grant.scopes.includes("openid")
      ? [
          { alg: "RS256", typ: "JWT" },
          { iss: "https://accounts.google.com", aud: grant.clientId, sub: grant.sub },
          "fake-signature",
        ]
          .map((p) => Buffer.from(JSON.stringify(p)).toString("base64url"))
          .join(".")
      : undefined;
    return {
      status: 200,
      body: {
        access_token: accessToken,
        expires_in: 3599,
        ...(refreshToken && { refresh_token: refreshToken }),
        scope: grant.scopes.join(" "),
        token_type: "Bearer",
        ...(idToken && { id_token: idToken }),
      },
    };
  };

  const authorize = (q: URLSearchParams, headers: IncomingHttpHeaders): Reply => {
    if (q.get("client_id") !== clientId)
      return errorPage(401, "Error 401: invalid_client", "The OAuth client was not found.");
    const redirectUri = q.get("redirect_uri");
    if (!redirectUri || !/^https?:\/\//.test(redirectUri)) return errorPage(400, "Error 400: redirect_uri_mismatch");
    const back = (params: Record<string, string>): Reply => {
      const url = new URL(redirectUri);
      for (const [k, v] of Object.entries({ ...params, ...(q.get("state") && { state: q.get("state")! }) }))
        url.searchParams.set(k, v);
      return { status: 302, body: "", headers: { location: url.toString() } };
    };
    if (q.get("response_type") !== "code") return back({ error: "unsupported_response_type" });
    const requested = (q.get("scope") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((s) => ALIASES[s] ?? s);
    if (requested.length === 0)
      return errorPage(400, "Error 400: invalid_request", "Missing required parameter: scope");
    const challenge = q.get("code_challenge");
    const method = challenge ? (q.get("code_challenge_method") ?? "plain") : null;
    if (method && method !== "S256" && method !== "plain")
      return errorPage(400, "Error 400: invalid_request", "Invalid code_challenge_method");
    const user = users.get(String(headers["x-fake-google-user"] ?? ""));
    if (!user) return errorPage(400, "fake: nobody is signed in", "pass consent({ user })");
    if (headers["x-fake-google-decision"] === "deny") return back({ error: "access_denied" });
    const unticked = String(headers["x-fake-google-untick"] ?? "")
      .split(/\s+/)
      .map((s) => ALIASES[s] ?? s);
    const key = `${clientId}|${user.sub}`;
    const scopes = new Set([
      ...requested.filter((s) => !unticked.includes(s)),
      ...(q.get("include_granted_scopes") === "true" ? (priorGrants.get(key) ?? []) : []),
    ]);
    priorGrants.set(key, scopes);
    const code = `4/0fake-${rand()}`;
    const offline = q.get("access_type") === "offline";
    codes.set(code, {
      clientId,
      redirectUri,
      sub: user.sub,
      scopes: [...scopes],
      challenge,
      method,
      offline,
      used: false,
      expiresAt: Date.now() + 10 * 60_000,
    });
    return back({ code, scope: [...scopes].join(" "), authuser: "0", prompt: "consent" });
  };

  const token = (form: URLSearchParams, headers: IncomingHttpHeaders): Reply => {
    const basic = /^Basic (.+)$/.exec(headers.authorization ?? "")?.[1];
    const [basicId, basicSecret] = basic
      ? Buffer.from(basic, "base64").toString("utf8").split(":").map(decodeURIComponent)
      : [];
    const id = form.get("client_id") ?? basicId;
    if (id !== clientId) return oauthError(401, "invalid_client", "The OAuth client was not found.");
    if ((form.get("client_secret") ?? basicSecret) !== clientSecret)
      return oauthError(401, "invalid_client", "Unauthorized");
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") {
      const code = codes.get(form.get("code") ?? "");
      if (!code || code.used || code.expiresAt < Date.now()) return oauthError(400, "invalid_grant", "Bad Request");
      code.used = true; // spent by the first attempt, successful or not
      if (form.get("redirect_uri") !== code.redirectUri) return oauthError(400, "redirect_uri_mismatch", "Bad Request");
      if (code.challenge) {
        const verifier = form.get("code_verifier");
        if (!verifier) return oauthError(400, "invalid_grant", "Missing code verifier.");
        const computed = code.method === "S256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
        if (computed !== code.challenge) return oauthError(400, "invalid_grant", "Invalid code verifier.");
      }
      return issue({ clientId, sub: code.sub, scopes: code.scopes }, code.offline);
    }
    if (grantType === "refresh_token") {
      const grant = refreshTokens.get(form.get("refresh_token") ?? "");
      if (!grant || grant.revoked) return oauthError(400, "invalid_grant", "Token has been expired or revoked.");
      return issue(grant, false); // Google keeps the refresh token and sends none back
    }
    return oauthError(400, "unsupported_grant_type", `Invalid grant_type: ${grantType ?? ""}`);
  };

  // Bearer token check as Google's APIs do it: one of `anyOf` scopes needed. userinfo answers in the
  // OAuth error shape (`oauthStyle`).
  const caller = (
    headers: IncomingHttpHeaders,
    anyOf: string[],
    oauthStyle = false,
  ): { user: FakeGoogleUser; scopes: string[] } | Reply => {
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1];
    const grant = bearer ? accessTokens.get(bearer) : undefined;
    const user = grant && !grant.revoked && (grant.expiresAt ?? 0) > Date.now() ? users.get(grant.sub) : undefined;
    if (!grant || !user) {
      if (oauthStyle)
        return {
          ...oauthError(401, "invalid_request", "Invalid Credentials"),
          headers: { "www-authenticate": 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
        };
      return bearer
        ? {
            status: 401,
            body: googleApiError(
              401,
              "UNAUTHENTICATED",
              "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
              { reason: "authError", errorInfo: "ACCESS_TOKEN_EXPIRED" },
            ),
          }
        : {
            status: 401,
            body: googleApiError(
              401,
              "UNAUTHENTICATED",
              "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
              { errorInfo: "CREDENTIALS_MISSING" },
            ),
          };
    }
    if (!anyOf.some((s) => grant.scopes.includes(s))) {
      return {
        status: 403,
        body: googleApiError(403, "PERMISSION_DENIED", "Request had insufficient authentication scopes.", {
          reason: "insufficientPermissions",
          errorInfo: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
        }),
      };
    }
    return { user, scopes: grant.scopes };
  };

  return {
    authorize,
    token,
    caller,
    // The user removes the app's access (or a Testing-mode refresh token ages out): tokens stop working.
    revoke: (sub: string) => {
      for (const grant of [...refreshTokens.values(), ...accessTokens.values()])
        if (grant.sub === sub) grant.revoked = true;
    },
    accessTokensOf: (sub: string) =>
      [...accessTokens.entries()].filter(([, g]) => g.sub === sub && !g.revoked).map(([t]) => t),
  };
};
