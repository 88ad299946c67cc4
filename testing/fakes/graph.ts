import { ContentState, type Container, type FbObject, type PublishedMedia } from "./graph-content";
import type { ConsentControls, FakeRequest } from "./graph-oauth";
import { HOSTS, route, tokenOf, type HostKey } from "./graph-routes";
import {
  GraphState,
  LIFETIME_S,
  graphError,
  type Family,
  type FakeFacebookUser,
  type FakeInstagramCommenter,
  type FakeInstagramUser,
  type FakeThreadsUser,
  type GraphErrorInit,
  type IssuedToken,
  type Reply,
} from "./graph-state";
import { createMessengerMessages } from "./graph-messenger";
import { createMessengerProfiles } from "./graph-messenger-profile";
import { createWhatsAppMessages } from "./graph-whatsapp";
import { failureQueue, followConsent, listen, readBody, redirect } from "./support";

// The "Graph core" fake shared by facebook, instagram, threads and whatsapp (networks.md Part B): one
// node:http server on 127.0.0.1 that serves every Meta host under a path prefix named after it
// (`${url}/graph.facebook.com/v25.0/me`, `${url}/www.instagram.com/oauth/authorize`, …), so each
// connector's per-host base-URL settings point here. It speaks Graph's wire format: the vNN.N version
// prefix, tokens in the query, form or Bearer header, `fields=` selection, cursor paging, the error
// object, X-App-Usage on every Graph answer, and single-use authorization codes.
//
// Controls: accounts and apps to consent with, denyNextConsent(), shareWabas(), failNext() (the next
// matching call answers a given Graph error, with rate-limit headers if wanted), loseNext() (the next
// matching call takes effect, then the connection drops without an answer), revoke(token, subcode),
// advanceTime(ms). Publishing: issueToken()/pageToken() for direct connector tests, unfetchable(url),
// scriptContainers() (outcomes of the next containers or reels), setVideoReads(), setMetrics(); Page
// recommendations: addRecommendation(). What was created is in `content` (facebook objects, containers,
// media, comments, ratings). Every request is recorded in `requests` for assertions.

export type { HostKey } from "./graph-routes";
export type {
  FakeFacebookUser,
  FakeInstagramUser,
  FakeThreadsUser,
  FakePhoneNumber,
  FakeWaba,
  GraphErrorInit,
} from "./graph-state";
export type { Container, FbObject, PublishedMedia } from "./graph-content";

export type RecordedRequest = FakeRequest & { token: string | undefined };

export type FailureSpec = {
  host?: HostKey;
  path?: string | RegExp; // unversioned path: "me/accounts", "refresh_access_token"
  status?: number;
  error?: GraphErrorInit;
  body?: unknown; // a raw answer instead of the error object (e.g. an HTML 502)
  headers?: Record<string, string>;
};

// X-Business-Use-Case-Usage for a throttled business id.
export const bucUsageHeader = (businessId: string, minutes: number, type = "pages") => ({
  "x-business-use-case-usage": JSON.stringify({
    [businessId]: [
      { type, call_count: 100, total_cputime: 30, total_time: 40, estimated_time_to_regain_access: minutes },
    ],
  }),
});

const parseForm = (raw: string, contentType: string | undefined): Record<string, string> => {
  if (!raw) return {};
  if (contentType?.includes("application/json")) {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(parsed).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
    );
  }
  return Object.fromEntries(new URLSearchParams(raw));
};

export const startGraphFake = async () => {
  const state = new GraphState();
  const content = new ContentState(state);
  const whatsapp = createWhatsAppMessages();
  const messengerProfiles = createMessengerProfiles();
  const messenger = createMessengerMessages(
    () => state.now(),
    (id) => {
      const c = content.comments.get(id);
      return c && { family: c.family, fromId: c.fromId, createdAt: c.createdAt, pageId: c.pageId };
    },
  );
  const controls: ConsentControls = { deny: false, shareWabas: null, granular: true };
  const failures = failureQueue<Pick<FailureSpec, "host" | "path">, { host: HostKey; path: string }>(
    (f, { host, path }) =>
      (!f.host || f.host === host) && (!f.path || (typeof f.path === "string" ? f.path === path : f.path.test(path))),
  );
  const losses = failureQueue<Pick<FailureSpec, "host" | "path">, { host: HostKey; path: string }>(
    (f, { host, path }) =>
      (!f.host || f.host === host) && (!f.path || (typeof f.path === "string" ? f.path === path : f.path.test(path))),
  );
  const requests: RecordedRequest[] = [];
  const appUsage = { call_count: 1, total_cputime: 1, total_time: 1 };

  const server = await listen((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
      const [hostSegment = "", ...segments] = url.pathname.split("/").filter(Boolean);
      const send = (reply: Reply) => {
        const isJson = typeof reply.body !== "string";
        res.writeHead(reply.status, {
          "content-type": isJson ? "application/json; charset=UTF-8" : "text/html; charset=utf-8",
          ...(hostSegment.startsWith("graph") && { "x-app-usage": JSON.stringify(appUsage) }),
          ...reply.headers,
        });
        res.end(isJson ? JSON.stringify(reply.body ?? null) : reply.body);
      };
      if (!(HOSTS as readonly string[]).includes(hostSegment))
        return send({ status: 404, body: "unknown host prefix" });
      const host = hostSegment as HostKey;
      const version = segments[0] && /^v\d+\.\d+$/.test(segments[0]) ? segments.shift()! : null;
      const fake: FakeRequest = {
        host,
        method: req.method ?? "GET",
        path: segments.join("/"),
        version,
        query: Object.fromEntries(url.searchParams),
        form: parseForm(await readBody(req), req.headers["content-type"]),
        headers: req.headers,
        url: url.toString(),
      };
      requests.push({ ...fake, token: tokenOf(fake) });
      const failure = failures.take({ host, path: fake.path });
      if (failure) return send(failure);
      const outcome = route(state, content, controls, host, fake, url.origin, whatsapp, messenger, messengerProfiles);
      // The call took effect, but its answer never arrives.
      if (losses.take({ host, path: fake.path })) return void res.socket?.destroy();
      if ("redirect" in outcome) return redirect(res, outcome.redirect);
      send(outcome);
    })().catch((err: unknown) => {
      res.writeHead(500, { "content-type": "text/plain" }).end(String(err));
    });
  });
  const { url } = server;

  return {
    url,
    requests,
    appUsage,
    // The base URL standing in for a real host, e.g. base("graph.facebook.com").
    base: (host: HostKey) => `${url}/${host}`,
    addApp: (family: Family, clientId: string, clientSecret: string) =>
      void state.apps.set(clientId, { family, secret: clientSecret }),
    addFacebookUser: (user: FakeFacebookUser) => void state.facebookUsers.set(user.id, user),
    addInstagramUser: (user: FakeInstagramUser) => void state.instagramUsers.set(user.id, user),
    addInstagramCommenter: (user: FakeInstagramCommenter) => void state.instagramCommenters.set(user.id, user),
    addThreadsUser: (user: FakeThreadsUser) => void state.threadsUsers.set(user.id, user),
    consentAs: (family: Family, userId: string) => void (state.consenting[family] = userId),
    denyNextConsent: () => void (controls.deny = true),
    // Which WABAs Embedded Signup shares (default: all of the user's), and whether the grant lists them
    // as granular target ids (false: the connector has to find them through /me/businesses).
    shareWabas: (ids: string[] | null, { granular = true } = {}) => {
      controls.shareWabas = ids;
      controls.granular = granular;
    },
    failNext: ({ host, path, status = 400, error, body, headers }: FailureSpec) =>
      failures.push(
        { host, path },
        body !== undefined
          ? { status, body, headers }
          : graphError(status, error ?? { message: "An unknown error occurred", code: 1 }, headers),
      ),
    loseNext: ({ host, path }: Pick<FailureSpec, "host" | "path">) => losses.push({ host, path }, { status: 0 }),
    revoke: (token: string, subcode = 460) => void state.revoked.set(token, subcode),
    // A long-lived user token of an app of `family` (added with addApp) for a connector test.
    issueToken: (family: Family, userId: string, scopes: string[]) => {
      const clientId = [...state.apps].find(([, app]) => app.family === family)?.[0];
      if (!clientId) throw new Error(`fake: no ${family} app; call addApp first`);
      return state.issue({
        family,
        kind: "user_long",
        clientId,
        userId,
        scopes,
        granular: false,
        lifetimeS: LIFETIME_S.user_long,
      }).value;
    },
    // A new Page token for `pageId`, as /me/accounts gives one (from a long-lived user token: no expiry).
    pageToken: (userId: string, pageId: string, scopes: string[]) => {
      const clientId = [...state.apps].find(([, app]) => app.family === "facebook")?.[0];
      if (!clientId) throw new Error("fake: no facebook app; call addApp first");
      return state.issue({
        family: "facebook",
        kind: "page",
        pageId,
        clientId,
        userId,
        scopes,
        granular: false,
        lifetimeS: null,
      }).value;
    },
    content,
    whatsapp, // Cloud API messages sent (whatsapp.sent) and customerWrote(digits) to open the window
    messengerProfiles, // Instagram ice breakers as set (messengerProfiles.iceBreakers by account id)
    messenger, // Send API messages sent (messenger.sent) and participantWrote(family, account, id) to open the window
    unfetchable: (url: string) => void content.unfetchable.add(url),
    scriptContainers: (...outcomes: Container["outcome"][]) => void content.scriptedOutcomes.push(...outcomes),
    setVideoReads: (reads: number) => void (content.videoReads = reads),
    setMetrics: (id: string, metrics: Record<string, unknown>) =>
      void content.metrics.set(id, { ...content.metrics.get(id), ...metrics }),
    // A visitor's recommendation of a Page (GET /{page-id}/ratings); answers the open_graph_story id.
    addRecommendation: (
      pageId: string,
      r: { type: "positive" | "negative"; text?: string; reviewer?: { id: string; name: string } },
    ) => {
      const storyId = `${pageId}_${content.id()}`;
      content.ratings.set(storyId, { storyId, pageId, ...r, createdAt: state.now(), replies: [] });
      return storyId;
    },
    facebookObjects: (pageId: string): FbObject[] => content.listFacebook(pageId, () => true),
    publishedMedia: (family: "instagram" | "threads"): PublishedMedia[] =>
      [...content.media.values()].filter((m) => m.family === family),
    advanceTime: (ms: number) => void (state.clockOffsetMs += ms),
    tokenInfo: (value: string): IssuedToken | undefined => state.tokens.get(value),
    // Requests made to one host and path (unversioned), oldest first.
    calls: (host: HostKey, path: string) => requests.filter((r) => r.host === host && r.path === path),
    // The user at the authorize URL: follows it without a browser and returns the query Meta sends back
    // to our callback ({code, state} or {error, …, state}).
    consent: (authorizeUrl: URL) => followConsent(authorizeUrl, "consent dialog"),
    close: () => server.close(),
  };
};

export type GraphFake = Awaited<ReturnType<typeof startGraphFake>>;
