import {
  LIFETIME_S,
  graphError,
  type AuthCode,
  type Family,
  type GraphState,
  type IssuedToken,
  type Reply,
} from "./graph-state";

// The OAuth half of the Graph fake: the consent dialogs (www.facebook.com/vNN.0/dialog/oauth,
// www.instagram.com/oauth/authorize, threads.com/oauth/authorize) and the token endpoints (code
// exchange, long-lived exchanges, refresh grants) with Meta's answers and error objects.

export type FakeRequest = {
  host: string;
  method: string;
  path: string; // without the host and version prefixes: "me/accounts"
  version: string | null;
  query: Record<string, string>;
  form: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  url: string;
};
export type Outcome = Reply | { redirect: string };
export type ConsentControls = { deny: boolean; shareWabas: string[] | null; granular: boolean };

const params = (req: FakeRequest) => ({ ...req.query, ...req.form });

// api.instagram.com still answers in Instagram's older error shape.
const instagramError = (message: string): Reply => ({
  status: 400,
  body: { error_type: "OAuthException", code: 400, error_message: message },
});

export const dialog = (state: GraphState, controls: ConsentControls, family: Family, req: FakeRequest): Outcome => {
  const q = req.query;
  const app = q.client_id ? state.apps.get(q.client_id) : undefined;
  if (!app || app.family !== family)
    return graphError(400, { message: `Invalid App ID: ${q.client_id ?? ""}`, code: 101 });
  if (!q.redirect_uri || !/^https?:\/\//.test(q.redirect_uri))
    return graphError(400, { message: "The redirect_uri is not a valid URI", code: 191 });
  if (q.response_type !== "code") return graphError(400, { message: "response_type must be code", code: 100 });
  const back = new URL(q.redirect_uri);
  if (q.state) back.searchParams.set("state", q.state);
  if (controls.deny) {
    controls.deny = false;
    back.searchParams.set("error", "access_denied");
    back.searchParams.set("error_code", "200");
    back.searchParams.set("error_description", "Permissions error");
    back.searchParams.set("error_reason", "user_denied");
    return { redirect: back.toString() };
  }
  const userId = state.consenting[family] ?? [...state.usersOf(family).keys()][0];
  if (!userId) return graphError(500, { message: `fake: no ${family} account to consent with`, code: 1 });
  const business = family === "facebook" && Boolean(q.config_id);
  const code = state.newCode({
    family,
    clientId: q.client_id!,
    redirectUri: q.redirect_uri,
    userId,
    scopes: (q.scope ?? "").split(/[ ,]+/).filter(Boolean),
    business,
    granular: controls.granular,
    ...(business && { wabaIds: controls.shareWabas ?? state.wabasOf(userId).map((w) => w.id) }),
  });
  back.searchParams.set("code", code);
  // Meta appends a fragment to the redirect (`#_=_` on Facebook, `#_` on Instagram).
  if (family !== "threads") back.hash = family === "facebook" ? "_=_" : "_";
  return { redirect: back.toString() };
};

// client_id / client_secret / redirect_uri / code checks shared by the code exchanges.
const redeem = (
  state: GraphState,
  family: Family,
  p: Record<string, string>,
): AuthCode | { message: string; code: number; subcode?: number } => {
  const app = p.client_id ? state.apps.get(p.client_id) : undefined;
  if (!app || app.family !== family)
    return { message: "Error validating application. Invalid application ID.", code: 101 };
  if (p.client_secret !== app.secret) return { message: "Error validating client secret.", code: 1 };
  if (!p.code) return { message: "Missing authorization code", code: 100 };
  const code = state.codes.get(p.code);
  if (!code || code.clientId !== p.client_id)
    return { message: "Invalid verification code format.", code: 100, subcode: 36007 };
  if (code.used) return { message: "This authorization code has been used.", code: 100, subcode: 36009 };
  if (code.expiresAt < state.now())
    return { message: "This authorization code has expired.", code: 100, subcode: 36007 };
  if (p.redirect_uri !== code.redirectUri) {
    return {
      message:
        "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
      code: 100,
      subcode: 36008,
    };
  }
  code.used = true;
  return code;
};

const tokenAnswer = (t: IssuedToken, now: number) => ({
  access_token: t.value,
  token_type: "bearer",
  ...(t.expiresAt !== null && { expires_in: Math.round((t.expiresAt - now) / 1000) }),
});

// The user token a long-lived exchange or refresh names, checked against the app.
const exchangeable = (
  state: GraphState,
  family: Family,
  value: string | undefined,
  kind: IssuedToken["kind"],
  secret?: string,
) => {
  const token = value ? state.tokens.get(value) : undefined;
  if (!token || token.family !== family || token.kind !== kind)
    return graphError(400, { message: "Invalid OAuth access token - Cannot parse access token", code: 190 });
  const revoked = state.revoked.get(token.value);
  if (revoked !== undefined)
    return graphError(400, {
      message: "Error validating access token: The session has been invalidated.",
      code: 190,
      error_subcode: revoked,
    });
  if (token.expiresAt !== null && token.expiresAt < state.now())
    return graphError(400, {
      message: "Error validating access token: Session has expired",
      code: 190,
      error_subcode: 463,
    });
  if (secret !== undefined && state.apps.get(token.clientId)?.secret !== secret)
    return graphError(400, { message: "Error validating client secret.", code: 1 });
  return token;
};

const isReply = (v: unknown): v is Reply => typeof v === "object" && v !== null && "status" in v;

export const facebookToken = (state: GraphState, req: FakeRequest): Reply => {
  const p = params(req);
  if (p.grant_type === "fb_exchange_token") {
    const app = p.client_id ? state.apps.get(p.client_id) : undefined;
    if (!app || app.family !== "facebook")
      return graphError(400, { message: "Error validating application. Invalid application ID.", code: 101 });
    const short = exchangeable(state, "facebook", p.fb_exchange_token, "user_short", p.client_secret);
    if (isReply(short)) return short;
    const long = state.issue({ ...short, kind: "user_long", lifetimeS: LIFETIME_S.user_long });
    return { status: 200, body: tokenAnswer(long, state.now()) };
  }
  const code = redeem(state, "facebook", p);
  if (!("used" in code))
    return graphError(400, {
      message: code.message,
      code: code.code,
      ...(code.subcode && { error_subcode: code.subcode }),
    });
  const token = state.issue({
    family: "facebook",
    kind: code.business ? "business" : "user_short",
    clientId: code.clientId,
    userId: code.userId,
    scopes: code.scopes,
    granular: code.granular,
    ...(code.wabaIds && { wabaIds: code.wabaIds }),
    lifetimeS: code.business ? null : LIFETIME_S.user_short,
  });
  return { status: 200, body: tokenAnswer(token, state.now()) };
};

export const instagramCodeExchange = (state: GraphState, req: FakeRequest): Reply => {
  const p = params(req);
  if (req.method !== "POST") return instagramError("Invalid method: use POST");
  if (p.grant_type !== "authorization_code") return instagramError("Invalid grant_type");
  const code = redeem(state, "instagram", p);
  if (!("used" in code)) return instagramError(code.message);
  const token = state.issue({
    family: "instagram",
    kind: "user_short",
    clientId: code.clientId,
    userId: code.userId,
    scopes: code.scopes,
    granular: false,
    lifetimeS: LIFETIME_S.user_short,
  });
  const user = state.instagramUsers.get(code.userId);
  return {
    status: 200,
    body: {
      data: [{ access_token: token.value, user_id: user?.user_id ?? code.userId, permissions: code.scopes.join(",") }],
    },
  };
};

export const threadsCodeExchange = (state: GraphState, req: FakeRequest): Reply => {
  const p = params(req);
  if (req.method !== "POST") return graphError(400, { message: "Unsupported get request.", code: 100 });
  if (p.grant_type !== "authorization_code") return graphError(400, { message: "Invalid grant_type", code: 100 });
  const code = redeem(state, "threads", p);
  if (!("used" in code))
    return graphError(400, {
      message: code.message,
      code: code.code,
      ...(code.subcode && { error_subcode: code.subcode }),
    });
  const token = state.issue({
    family: "threads",
    kind: "user_short",
    clientId: code.clientId,
    userId: code.userId,
    scopes: code.scopes,
    granular: false,
    lifetimeS: LIFETIME_S.user_short,
  });
  return { status: 200, body: { access_token: token.value, user_id: code.userId } };
};

// graph.instagram.com / graph.threads.com: GET /access_token (ig|th_exchange_token) and
// GET /refresh_access_token (ig|th_refresh_token). The refreshed token is a new string; the old one
// stays valid until it expires.
export const longLivedGrant = (state: GraphState, family: "instagram" | "threads", req: FakeRequest): Reply => {
  const p = params(req);
  const prefix = family === "instagram" ? "ig" : "th";
  if (req.path === "access_token") {
    if (p.grant_type !== `${prefix}_exchange_token`)
      return graphError(400, { message: `grant_type must be ${prefix}_exchange_token`, code: 100 });
    if (!p.client_secret) return graphError(400, { message: "Missing client_secret", code: 100 });
    const short = exchangeable(state, family, p.access_token, "user_short", p.client_secret);
    if (isReply(short)) return short;
    return {
      status: 200,
      body: tokenAnswer(state.issue({ ...short, kind: "user_long", lifetimeS: LIFETIME_S.user_long }), state.now()),
    };
  }
  if (p.grant_type !== `${prefix}_refresh_token`)
    return graphError(400, { message: `grant_type must be ${prefix}_refresh_token`, code: 100 });
  const long = exchangeable(state, family, p.access_token, "user_long");
  if (isReply(long)) return long;
  return {
    status: 200,
    body: tokenAnswer(state.issue({ ...long, kind: "user_long", lifetimeS: LIFETIME_S.user_long }), state.now()),
  };
};
