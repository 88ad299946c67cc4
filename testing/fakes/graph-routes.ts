import { createHmac } from "node:crypto";
import {
  DATA_ACCESS_MS,
  graphError,
  paged,
  selectFields,
  type Family,
  type GraphState,
  type IssuedToken,
  type Reply,
} from "./graph-state";
import {
  dialog,
  facebookToken,
  instagramCodeExchange,
  longLivedGrant,
  threadsCodeExchange,
  type ConsentControls,
  type FakeRequest,
  type Outcome,
} from "./graph-oauth";
import type { ContentState } from "./graph-content";
import { commentRoutes } from "./graph-comments";
import { ratingRoutes } from "./graph-ratings";
import { facebookContent, rupload } from "./graph-facebook";
import { mediaContent } from "./graph-media";
import type { createMessengerMessages } from "./graph-messenger";
import type { createMessengerProfiles } from "./graph-messenger-profile";
import type { createWhatsAppMessages } from "./graph-whatsapp";

type WhatsAppMessages = ReturnType<typeof createWhatsAppMessages>;
type MessengerMessages = ReturnType<typeof createMessengerMessages>;
type MessengerProfiles = ReturnType<typeof createMessengerProfiles>;

// The routes of the Graph fake, per real host: consent dialogs, token endpoints, and the nodes the
// connectors read when connecting (/me, /me/accounts, /me/businesses, /debug_token, a WABA and its
// /phone_numbers, Instagram's and Threads' /me), then publishing, read-backs and insights
// (graph-facebook.ts, graph-media.ts). Tokens come as `access_token` (query or form) or as an
// `Authorization: Bearer|OAuth` header; `appsecret_proof` is checked when sent.

export const HOSTS = [
  "www.facebook.com",
  "graph.facebook.com",
  "graph-video.facebook.com",
  "rupload.facebook.com",
  "www.instagram.com",
  "api.instagram.com",
  "graph.instagram.com",
  "threads.com",
  "graph.threads.com",
] as const;
export type HostKey = (typeof HOSTS)[number];

const secs = (ms: number | null) => (ms === null ? 0 : Math.floor(ms / 1000));
const unsupported = (path: string) =>
  graphError(400, {
    message: `Unsupported get request. Object with ID '${path.split("/")[0]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    code: 100,
    error_subcode: 33,
  });

export const tokenOf = (req: FakeRequest): string | undefined => {
  const header = req.headers.authorization;
  const match = typeof header === "string" ? /^(?:Bearer|OAuth)\s+(.+)$/i.exec(header) : null;
  return req.query.access_token ?? req.form.access_token ?? match?.[1];
};

// The caller's token, checked for family, expiry, revocation and appsecret_proof.
const authenticate = (state: GraphState, family: Family, req: FakeRequest): IssuedToken | Reply => {
  const value = tokenOf(req);
  if (!value) return graphError(400, { message: "An access token is required to request this resource.", code: 104 });
  const token = state.tokens.get(value);
  if (!token || token.family !== family)
    return graphError(400, { message: "Invalid OAuth access token - Cannot parse access token", code: 190 });
  const subcode = state.revoked.get(value);
  if (subcode !== undefined)
    return graphError(400, {
      message: "Error validating access token: The session has been invalidated.",
      code: 190,
      error_subcode: subcode,
    });
  if (token.expiresAt !== null && token.expiresAt < state.now()) {
    return graphError(400, {
      message: `Error validating access token: Session has expired on ${new Date(token.expiresAt).toUTCString()}.`,
      code: 190,
      error_subcode: 463,
    });
  }
  const proof = req.query.appsecret_proof ?? req.form.appsecret_proof;
  const secret = state.apps.get(token.clientId)?.secret ?? "";
  if (proof !== undefined && proof !== createHmac("sha256", secret).update(value).digest("hex")) {
    return graphError(400, { message: "Invalid appsecret_proof provided in the API argument", code: 100 });
  }
  return token;
};

const ok = (body: unknown): Reply => ({ status: 200, body });
const isReply = (v: unknown): v is Reply => typeof v === "object" && v !== null && "status" in v;

const debugToken = (state: GraphState, req: FakeRequest): Reply => {
  const [appId, appSecret] = (tokenOf(req) ?? "").split("|");
  const app = appId ? state.apps.get(appId) : undefined;
  if (!app || app.family !== "facebook" || app.secret !== appSecret)
    return graphError(400, { message: "Invalid OAuth access token signature.", code: 190 });
  const t = req.query.input_token ? state.tokens.get(req.query.input_token) : undefined;
  if (!t || t.clientId !== appId)
    return ok({ data: { error: { code: 190, message: "Invalid OAuth access token." }, is_valid: false, scopes: [] } });
  const pages = state.facebookUsers.get(t.userId)?.pages?.map((p) => p.id) ?? [];
  const targets = (scope: string) =>
    scope.startsWith("whatsapp_") ? t.wabaIds : scope.startsWith("pages_") ? pages : undefined;
  return ok({
    data: {
      app_id: t.clientId,
      type: t.kind === "business" ? "SYSTEM_USER" : t.kind === "page" ? "PAGE" : "USER",
      application: "Graph fake app",
      data_access_expires_at: t.kind === "business" ? 0 : secs(t.issuedAt + DATA_ACCESS_MS),
      expires_at: secs(t.expiresAt),
      is_valid: t.expiresAt === null || t.expiresAt > state.now(),
      issued_at: secs(t.issuedAt),
      scopes: t.scopes,
      granular_scopes: t.scopes.map((scope) => {
        const ids = t.granular ? targets(scope) : undefined;
        return { scope, ...(ids && { target_ids: ids }) };
      }),
      user_id: t.userId,
    },
  });
};

const facebookNode = (state: GraphState, whatsapp: WhatsAppMessages, token: IssuedToken, req: FakeRequest): Reply => {
  const user = state.facebookUsers.get(token.userId);
  const q = req.query;
  if (req.path === "me") {
    if (token.kind === "business")
      return ok(selectFields({ id: `9${token.userId}`, name: "WhatsApp Business Integration" }, q.fields, "id,name"));
    if (token.kind === "page") {
      const page = user?.pages?.find((p) => p.id === token.pageId);
      return ok(selectFields({ id: page?.id, name: page?.name, category: page?.category }, q.fields, "id,name"));
    }
    if (!user) return unsupported("me");
    const picture = {
      data: {
        url: user.pictureUrl ?? `https://fake.fbcdn.example/${user.id}.jpg`,
        height: 50,
        width: 50,
        is_silhouette: !user.pictureUrl,
      },
    };
    return ok(selectFields({ id: user.id, name: user.name, picture }, q.fields, "id,name"));
  }
  if (req.path === "me/accounts") {
    if (token.kind !== "user_short" && token.kind !== "user_long")
      return graphError(400, { message: "(#100) Tried accessing nonexisting field (accounts)", code: 100 });
    const pages = (user?.pages ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      category: p.category,
      ...(p.username && { username: p.username }),
      ...(!p.withoutToken && { access_token: state.pageToken(token, p.id) }),
      picture: { data: { url: p.pictureUrl ?? `https://fake.fbcdn.example/${p.id}.jpg` } },
      tasks: ["ADVERTISE", "ANALYZE", "CREATE_CONTENT", "MESSAGING", "MODERATE", "MANAGE"],
    }));
    return ok(
      paged(
        pages.map((p) => selectFields(p, q.fields, "id,name,access_token,category")),
        q,
        req.url,
      ),
    );
  }
  if (req.path === "me/businesses") {
    const businesses = (user?.businesses ?? []).map((b) => ({
      id: b.id,
      name: b.name,
      owned_whatsapp_business_accounts: { data: b.wabas.map((w) => ({ id: w.id, name: w.name })) },
    }));
    return ok(
      paged(
        businesses.map((b) => selectFields(b, q.fields, "id,name")),
        q,
        req.url,
      ),
    );
  }
  // /{phone-number-id}/messages (WhatsApp Cloud API)
  const [id, edge, ...rest] = req.path.split("/");
  const number = id ? state.findPhoneNumber(id) : undefined;
  if (number && edge === "messages" && req.method === "POST" && rest.length === 0) {
    const reachable =
      token.kind === "business"
        ? token.wabaIds?.includes(number.waba.id)
        : state.wabasOf(token.userId).some((w) => w.id === number.waba.id);
    return reachable ? whatsapp.send(number.phone.id, req) : unsupported(req.path);
  }
  if (number && edge === "register" && req.method === "POST" && rest.length === 0) {
    const reachable =
      token.kind === "business"
        ? token.wabaIds?.includes(number.waba.id)
        : state.wabasOf(token.userId).some((w) => w.id === number.waba.id);
    return reachable ? whatsapp.accounts.register(number.phone.id, req) : unsupported(req.path);
  }
  // /{waba-id} and /{waba-id}/phone_numbers
  const waba = id ? state.findWaba(id) : undefined;
  const reachable =
    waba &&
    (token.kind === "business"
      ? token.wabaIds?.includes(waba.id)
      : state.wabasOf(token.userId).some((w) => w.id === waba.id));
  if (!waba || !reachable || rest.length > 0) return unsupported(req.path);
  if (edge === undefined) {
    return ok(
      selectFields(
        {
          ...waba,
          phoneNumbers: undefined,
          message_template_namespace: waba.message_template_namespace ?? `ns_${waba.id}`,
        },
        q.fields,
        "id,name",
      ),
    );
  }
  if (edge === "subscribed_apps") return whatsapp.accounts.subscribedApps(waba, token.clientId, req);
  if (edge === "message_templates" && req.method === "GET") return whatsapp.accounts.listTemplates(waba, req);
  if (edge === "phone_numbers") {
    const fields = q.fields ?? "id,display_phone_number,verified_name,quality_rating";
    return ok(
      paged(
        waba.phoneNumbers.map((n) => selectFields({ ...n }, fields, fields)),
        q,
        req.url,
      ),
    );
  }
  return unsupported(req.path);
};

// POST /{page-id}/messages with that Page's token (the Messenger Send API).
const pageMessages = (messenger: MessengerMessages, token: IssuedToken, req: FakeRequest): Reply | null => {
  const [id, edge, ...rest] = req.path.split("/");
  if (edge !== "messages" || rest.length > 0 || req.method !== "POST" || !id) return null;
  if (token.kind !== "page" || token.pageId !== id)
    return id === "me" && token.kind === "page" ? messenger.send("facebook", token.pageId!, req) : null;
  return messenger.send("facebook", id, req);
};

// GET/POST/DELETE /{ig-id}/messenger_profile (or /me/...): the account's ice breakers.
const instagramMessengerProfile = (
  state: GraphState,
  profiles: MessengerProfiles,
  token: IssuedToken,
  req: FakeRequest,
): Reply | null => {
  const [id, edge, ...rest] = req.path.split("/");
  if (edge !== "messenger_profile" || rest.length > 0) return null;
  const user = state.instagramUsers.get(token.userId);
  if (!user || (id !== "me" && id !== user.id && id !== user.user_id)) return unsupported(req.path);
  return profiles.handle(user.user_id, req);
};

// POST /{ig-id}/messages (or /me/messages) with the account's own token.
const instagramMessages = (
  state: GraphState,
  messenger: MessengerMessages,
  token: IssuedToken,
  req: FakeRequest,
): Reply | null => {
  const [id, edge, ...rest] = req.path.split("/");
  if (edge !== "messages" || rest.length > 0 || req.method !== "POST") return null;
  const user = state.instagramUsers.get(token.userId);
  if (!user || (id !== "me" && id !== user.id && id !== user.user_id)) return unsupported(req.path);
  return messenger.send("instagram", user.user_id, req);
};

// The Instagram User Profile API: GET /{instagram-scoped id}?fields=… with an account token. Only the
// profile fields Instagram documents can be asked for; anyone else is a node the token cannot reach.
const PROFILE_FIELDS = [
  "id",
  "name",
  "username",
  "profile_pic",
  "follower_count",
  "is_user_follow_business",
  "is_business_follow_user",
  "is_verified_user",
];
const instagramUserProfile = (state: GraphState, req: FakeRequest): Reply | null => {
  const [id, ...rest] = req.path.split("/");
  const commenter = id ? state.instagramCommenters.get(id) : undefined;
  if (!commenter || rest.length > 0 || req.method !== "GET") return null;
  const extra = Object.keys(req.query).find((k) => !["access_token", "fields"].includes(k));
  if (extra) return graphError(400, { message: `(#100) The parameter ${extra} is not supported`, code: 100 });
  const unknown = (req.query.fields ?? "").split(",").find((f) => f && !PROFILE_FIELDS.includes(f));
  if (unknown) return graphError(400, { message: `(#100) Tried accessing nonexisting field (${unknown})`, code: 100 });
  return ok(selectFields({ ...commenter }, req.query.fields, "id"));
};

export const route = (
  state: GraphState,
  content: ContentState,
  controls: ConsentControls,
  host: HostKey,
  req: FakeRequest,
  origin: string,
  whatsapp: WhatsAppMessages,
  messenger: MessengerMessages,
  messengerProfiles: MessengerProfiles,
): Outcome => {
  const authed = (family: Family, handle: (t: IssuedToken) => Reply): Reply => {
    const token = authenticate(state, family, req);
    return isReply(token) ? token : handle(token);
  };
  switch (host) {
    case "www.facebook.com":
      return req.path === "dialog/oauth"
        ? dialog(state, controls, "facebook", req)
        : { status: 404, body: "Not found" };
    case "www.instagram.com":
      return req.path === "oauth/authorize"
        ? dialog(state, controls, "instagram", req)
        : { status: 404, body: "Not found" };
    case "threads.com":
      return req.path === "oauth/authorize"
        ? dialog(state, controls, "threads", req)
        : { status: 404, body: "Not found" };
    case "api.instagram.com":
      return req.path === "oauth/access_token"
        ? instagramCodeExchange(state, req)
        : { status: 404, body: { error_type: "NotFound", code: 404, error_message: "Not found" } };
    case "graph.facebook.com":
      if (req.path === "oauth/access_token") return facebookToken(state, req);
      if (req.path === "debug_token") return debugToken(state, req);
      return authed(
        "facebook",
        (t) =>
          pageMessages(messenger, t, req) ??
          commentRoutes(state, content, "facebook", req, t) ??
          ratingRoutes(content, req, t) ??
          facebookContent(state, content, req, t, origin) ??
          facebookNode(state, whatsapp, t, req),
      );
    case "graph-video.facebook.com":
      return authed("facebook", (t) => facebookContent(state, content, req, t, origin) ?? unsupported(req.path));
    case "rupload.facebook.com":
      return authed("facebook", (t) => rupload(content, req, t));
    case "graph.instagram.com":
    case "graph.threads.com": {
      const family = host === "graph.instagram.com" ? "instagram" : "threads";
      if (req.path === "access_token" || req.path === "refresh_access_token") return longLivedGrant(state, family, req);
      if (family === "threads" && req.path === "oauth/access_token") return threadsCodeExchange(state, req);
      return authed(family, (t) => {
        const published =
          (family === "instagram" ? instagramMessages(state, messenger, t, req) : null) ??
          (family === "instagram" ? instagramMessengerProfile(state, messengerProfiles, t, req) : null) ??
          (family === "instagram" ? instagramUserProfile(state, req) : null) ??
          commentRoutes(state, content, family, req, t) ??
          mediaContent(state, content, family, req, t);
        if (published) return published;
        if (req.path !== "me") return unsupported(req.path);
        const user = state.usersOf(family).get(t.userId);
        return user
          ? ok(selectFields({ ...user }, req.query.fields, family === "instagram" ? "id,username" : "id"))
          : unsupported("me");
      });
    }
  }
};
