import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import {
  accountsList,
  channelsList,
  googleApiError,
  locationsList,
  userinfo,
  type ApiLimits,
  type FakeGoogleUser,
  type Reply,
} from "./google-apis";
import { fakeBusiness } from "./google-business";
import { fakeCommentLists } from "./google-comment-lists";
import { fakeListings } from "./google-listings";
import { ALIASES, SCOPE, fakeGoogleOAuth, oauthError } from "./google-oauth";
import { fakeYouTubeComments } from "./google-youtube-comments";
import { fakeYouTube } from "./google-youtube";
import { failureQueue, followConsent, listen } from "./support";

export { fakeLocation, googleApiError, type FakeGoogleAccount, type FakeGoogleUser } from "./google-apis";

// A local stand-in for Google, speaking its wire formats for the youtube and google_business
// connectors: the OAuth consent screen and token endpoint (client secret, single-use codes, PKCE,
// refresh, invalid_grant), YouTube channels.list, Business Profile accounts and locations, and OpenID
// userinfo; for publishing and stats, YouTube's resumable upload, thumbnails, videos (list, delete) and
// playlist items (google-youtube.ts) and Business Profile local posts and media (create, list, delete)
// and performance (google-business.ts).
// Each real host is a path prefix (`/<host>/…`), so every base-URL setting is checked to reach the
// right host. Errors and rate limits can be scripted per route (failNext), and so can a lost answer
// (loseAnswerNext: the work is done, then the connection drops); every request is recorded.
//
// The "browser" that visits the consent screen is `consent()`: it names the signed-in user and whether
// they allow or deny (headers standing in for Google's session cookie), and follows nothing: it returns
// the query Google's 302 sends to redirect_uri.

export const GOOGLE_HOSTS = {
  accounts: "accounts.google.com",
  oauth2: "oauth2.googleapis.com",
  youtube: "www.googleapis.com/youtube/v3",
  youtubeUpload: "www.googleapis.com/upload/youtube/v3",
  accountManagement: "mybusinessaccountmanagement.googleapis.com/v1",
  businessInformation: "mybusinessbusinessinformation.googleapis.com/v1",
  openidconnect: "openidconnect.googleapis.com/v1",
  mybusiness: "mybusiness.googleapis.com/v4",
  performance: "businessprofileperformance.googleapis.com/v1",
  placeActions: "mybusinessplaceactions.googleapis.com/v1",
} as const;

export type GoogleRoute =
  | "authorize"
  | "token"
  | "channels"
  | "accounts"
  | "locations"
  | "userinfo"
  | "videos.insert"
  | "videos.upload"
  | "videos.list"
  | "videos.delete"
  | "playlistItems"
  | "thumbnails.set"
  | "commentThreads.insert"
  | "commentThreads.list"
  | "comments.insert"
  | "comments.list"
  | "comments.delete"
  | "localPosts.create"
  | "localPosts.list"
  | "localPosts.get"
  | "localPosts.delete"
  | "media.create"
  | "media.list"
  | "media.delete"
  | "performance"
  | "location.get"
  | "location.patch"
  | "categories"
  | "attributes.get"
  | "attributes.patch"
  | "attributes.list"
  | "foodMenus.get"
  | "foodMenus.patch"
  | "placeActionTypes"
  | "placeActionLinks.list"
  | "placeActionLinks.create"
  | "placeActionLinks.patch"
  | "placeActionLinks.delete"
  | "reviews.list"
  | "reviews.get"
  | "reviews.updateReply";
export type RecordedRequest = {
  route: GoogleRoute | "unknown";
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  form: URLSearchParams | null;
  json: unknown; // the parsed JSON body, when it is one
  raw: Buffer;
};

const YOUTUBE_READ = ["youtube", "youtube.readonly", "youtube.force-ssl", "youtubepartner"].map(SCOPE);
const YOUTUBE_WRITE = ["youtube.upload", "youtube", "youtube.force-ssl"].map(SCOPE);
// videos.delete is not allowed with youtube.upload alone.
const YOUTUBE_MANAGE = ["youtube", "youtube.force-ssl", "youtubepartner"].map(SCOPE);
const BUSINESS = [SCOPE("business.manage"), SCOPE("plus.business.manage")];
const ROUTE_SCOPES: Partial<Record<GoogleRoute, string[]>> = {
  channels: YOUTUBE_READ,
  "videos.list": YOUTUBE_READ,
  "reviews.list": BUSINESS,
  "reviews.get": BUSINESS,
  "reviews.updateReply": BUSINESS,
  playlistItems: YOUTUBE_READ,
  "videos.insert": YOUTUBE_WRITE,
  "thumbnails.set": YOUTUBE_WRITE,
  "videos.delete": YOUTUBE_MANAGE,
  "commentThreads.list": YOUTUBE_READ,
  "comments.list": YOUTUBE_READ,
  // comment writes need youtube.force-ssl (or the full youtube scope)
  "commentThreads.insert": YOUTUBE_MANAGE,
  "comments.insert": YOUTUBE_MANAGE,
  "comments.delete": YOUTUBE_MANAGE,
  accounts: BUSINESS,
  locations: BUSINESS,
  "localPosts.create": BUSINESS,
  "localPosts.list": BUSINESS,
  "localPosts.get": BUSINESS,
  "localPosts.delete": BUSINESS,
  "media.create": BUSINESS,
  "media.list": BUSINESS,
  "media.delete": BUSINESS,
  performance: BUSINESS,
  ...Object.fromEntries(
    (
      [
        "location.get",
        "location.patch",
        "categories",
        "attributes.get",
        "attributes.patch",
        "attributes.list",
        "foodMenus.get",
        "foodMenus.patch",
        "placeActionTypes",
        "placeActionLinks.list",
        "placeActionLinks.create",
        "placeActionLinks.patch",
        "placeActionLinks.delete",
      ] as const
    ).map((r) => [r, BUSINESS]),
  ),
  userinfo: ["openid", ALIASES.email!, ALIASES.profile!],
};

type Found = { route: GoogleRoute; name?: string };
const LOCATION = "accounts/[^/]+/locations/[^/]+";

const routeOf = (method: string, path: string): Found | null => {
  const H = GOOGLE_HOSTS;
  const exact: Record<string, GoogleRoute> = {
    [`GET /${H.accounts}/o/oauth2/v2/auth`]: "authorize",
    [`POST /${H.oauth2}/token`]: "token",
    [`GET /${H.youtube}/channels`]: "channels",
    [`GET /${H.youtube}/videos`]: "videos.list",
    [`DELETE /${H.youtube}/videos`]: "videos.delete",
    [`GET /${H.youtube}/playlistItems`]: "playlistItems",
    [`POST /${H.youtube}/commentThreads`]: "commentThreads.insert",
    [`GET /${H.youtube}/commentThreads`]: "commentThreads.list",
    [`POST /${H.youtube}/comments`]: "comments.insert",
    [`GET /${H.youtube}/comments`]: "comments.list",
    [`DELETE /${H.youtube}/comments`]: "comments.delete",
    [`POST /${H.youtubeUpload}/videos`]: "videos.insert",
    [`PUT /${H.youtubeUpload}/videos`]: "videos.upload",
    [`POST /${H.youtubeUpload}/thumbnails/set`]: "thumbnails.set",
    [`GET /${H.accountManagement}/accounts`]: "accounts",
    [`GET /${H.openidconnect}/userinfo`]: "userinfo",
    [`GET /${H.businessInformation}/categories`]: "categories",
    [`GET /${H.businessInformation}/attributes`]: "attributes.list",
    [`GET /${H.placeActions}/placeActionTypeMetadata`]: "placeActionTypes",
  };
  const route = exact[`${method} ${path}`];
  if (route) return { route };
  const match = (re: string) => new RegExp(`^${re}$`).exec(path)?.[1];
  const decoded = (v: string | undefined) => (v === undefined ? undefined : decodeURIComponent(v));
  const accountId = decoded(match(`/${H.businessInformation}/accounts/([^/]+)/locations`));
  if (method === "GET" && accountId) return { route: "locations", name: accountId };
  const posts = decoded(match(`/${H.mybusiness}/(${LOCATION})/localPosts`));
  if (posts)
    return method === "POST"
      ? { route: "localPosts.create", name: posts }
      : method === "GET"
        ? { route: "localPosts.list", name: posts }
        : null;
  const post = decoded(match(`/${H.mybusiness}/(${LOCATION}/localPosts/[^/]+)`));
  if (post)
    return method === "GET"
      ? { route: "localPosts.get", name: post }
      : method === "DELETE"
        ? { route: "localPosts.delete", name: post }
        : null;
  const reviews = decoded(match(`/${H.mybusiness}/(${LOCATION})/reviews`));
  if (reviews && method === "GET") return { route: "reviews.list", name: reviews };
  const reviewReply = decoded(match(`/${H.mybusiness}/(${LOCATION}/reviews/[^/]+)/reply`));
  if (reviewReply && method === "PUT") return { route: "reviews.updateReply", name: reviewReply };
  const review = decoded(match(`/${H.mybusiness}/(${LOCATION}/reviews/[^/]+)`));
  if (review && method === "GET") return { route: "reviews.get", name: review };
  const media = decoded(match(`/${H.mybusiness}/(${LOCATION})/media`));
  if (media)
    return method === "POST"
      ? { route: "media.create", name: media }
      : method === "GET"
        ? { route: "media.list", name: media }
        : null;
  const item = decoded(match(`/${H.mybusiness}/(${LOCATION}/media/[^/]+)`));
  if (item && method === "DELETE") return { route: "media.delete", name: item };
  const perf = decoded(match(`/${H.performance}/locations/([^/:]+):fetchMultiDailyMetricsTimeSeries`));
  if (perf) return method === "GET" ? { route: "performance", name: perf } : null;
  const menus = decoded(match(`/${H.mybusiness}/(${LOCATION})/foodMenus`));
  if (menus)
    return method === "GET"
      ? { route: "foodMenus.get", name: menus }
      : method === "PATCH"
        ? { route: "foodMenus.patch", name: menus }
        : null;
  const attrs = decoded(match(`/${H.businessInformation}/(locations/[^/]+)/attributes`));
  if (attrs)
    return method === "GET"
      ? { route: "attributes.get", name: attrs }
      : method === "PATCH"
        ? { route: "attributes.patch", name: attrs }
        : null;
  const location = decoded(match(`/${H.businessInformation}/(locations/[^/:]+)`));
  if (location)
    return method === "GET"
      ? { route: "location.get", name: location }
      : method === "PATCH"
        ? { route: "location.patch", name: location }
        : null;
  const links = decoded(match(`/${H.placeActions}/(locations/[^/]+)/placeActionLinks`));
  if (links)
    return method === "GET"
      ? { route: "placeActionLinks.list", name: links }
      : method === "POST"
        ? { route: "placeActionLinks.create", name: links }
        : null;
  const link = decoded(match(`/${H.placeActions}/(locations/[^/]+/placeActionLinks/[^/]+)`));
  if (link)
    return method === "PATCH"
      ? { route: "placeActionLinks.patch", name: link }
      : method === "DELETE"
        ? { route: "placeActionLinks.delete", name: link }
        : null;
  return null;
};

const readRaw = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

export const startGoogleFake = async ({
  clientId = "fake-client.apps.googleusercontent.com",
  clientSecret = "fake-client-secret",
} = {}) => {
  const users = new Map<string, FakeGoogleUser>();
  const oauth = fakeGoogleOAuth({ clientId, clientSecret, users });
  const failures = failureQueue<GoogleRoute>();
  const lostAnswers = failureQueue<GoogleRoute>();
  const requests: RecordedRequest[] = [];
  const limits: ApiLimits = { accountsPerPage: 20, locationsPerPage: 100 };
  let origin = "";
  const youtube = fakeYouTube({ origin: () => origin, uploadPath: `/${GOOGLE_HOSTS.youtubeUpload}`, users });
  const youtubeComments = fakeYouTubeComments(youtube);
  const business = fakeBusiness();
  const listings = fakeListings();
  const commentLists = fakeCommentLists();

  // `route` is null when nothing was done (no route, or a scripted failure): such answers are never lost.
  const handle = (req: IncomingMessage, url: URL, raw: Buffer): { route: GoogleRoute | null; reply: Reply } => {
    const found = routeOf(req.method ?? "GET", url.pathname);
    const type = req.headers["content-type"] ?? "";
    const form =
      req.method === "POST" && /x-www-form-urlencoded/.test(type) ? new URLSearchParams(raw.toString("utf8")) : null;
    let json: unknown = null;
    if (/json/.test(type)) {
      try {
        json = JSON.parse(raw.toString("utf8"));
      } catch {
        json = null;
      }
    }
    requests.push({
      route: found?.route ?? "unknown",
      method: req.method ?? "GET",
      url,
      headers: req.headers,
      form,
      json,
      raw,
    });
    if (!found)
      return {
        route: null,
        reply: {
          status: 404,
          body: googleApiError(404, "NOT_FOUND", `The fake has no route ${req.method} ${url.pathname}`),
        },
      };
    const reply = (r: Reply) => ({ route: found.route, reply: r });
    const scripted = failures.take(found.route);
    if (scripted)
      return { route: null, reply: { status: scripted.status, body: scripted.body, headers: scripted.headers } }; // answered as scripted, nothing done
    if (found.route === "authorize") return reply(oauth.authorize(url.searchParams, req.headers));
    if (found.route === "token")
      return reply(form ? oauth.token(form, req.headers) : oauthError(400, "invalid_request", "Bad Request"));
    // The upload session URI is its own credential (Google does not require the token there).
    if (found.route === "videos.upload") return reply(youtube.upload({ url, headers: req.headers, raw }));
    const who = oauth.caller(req.headers, ROUTE_SCOPES[found.route] ?? [], found.route === "userinfo");
    if ("status" in who) return reply(who);
    const r = { user: who.user, url, headers: req.headers, raw, json };
    const name = found.name ?? "";
    switch (found.route) {
      case "channels":
        return reply(channelsList(who.user, url.searchParams, { videoCount: youtube.videoCountOf(who.user.sub) }));
      case "accounts":
        return reply(accountsList(who.user, url.searchParams, limits));
      case "locations":
        return reply(locationsList(who.user, name, url.searchParams, limits));
      case "videos.insert":
        return reply(youtube.insert(r));
      case "videos.list":
        return reply(youtube.list(r));
      case "videos.delete":
        return reply(youtube.remove(r));
      case "reviews.list":
        return reply(commentLists.listReviews(r, name, (location) => business.access(who.user, location)));
      case "reviews.get":
        return reply(commentLists.getReview(r, name, (location) => business.access(who.user, location)));
      case "reviews.updateReply":
        return reply(commentLists.updateReply(r, name, (location) => business.access(who.user, location)));
      case "playlistItems":
        return reply(youtube.playlistItems(r));
      case "thumbnails.set":
        return reply(youtube.setThumbnail(r));
      case "commentThreads.insert":
        return reply(youtubeComments.insertThread(r));
      case "commentThreads.list":
        return reply(youtubeComments.listThreads(r));
      case "comments.insert":
        return reply(youtubeComments.insertReply(r));
      case "comments.list":
        return reply(youtubeComments.listReplies(r));
      case "comments.delete":
        return reply(youtubeComments.remove(r));
      case "localPosts.create":
        return reply(business.createPost(r, name));
      case "localPosts.list":
        return reply(business.listPosts(r, name));
      case "localPosts.get":
        return reply(business.getPost(r, name));
      case "localPosts.delete":
        return reply(business.deletePost(r, name));
      case "media.create":
        return reply(business.createMedia(r, name));
      case "media.list":
        return reply(business.listMedia(r, name));
      case "media.delete":
        return reply(business.deleteMedia(r, name));
      case "performance":
        return reply(business.performance(r, name));
      case "location.get":
        return reply(listings.getLocation(r, name));
      case "location.patch":
        return reply(listings.patchLocation(r, name));
      case "categories":
        return reply(listings.listCategories(r));
      case "attributes.get":
        return reply(listings.getAttributes(r, name));
      case "attributes.patch":
        return reply(listings.patchAttributes(r, name));
      case "attributes.list":
        return reply(listings.listAttributes(r));
      case "foodMenus.get":
        return reply(listings.foodMenus(r, name, "GET"));
      case "foodMenus.patch":
        return reply(listings.foodMenus(r, name, "PATCH"));
      case "placeActionTypes":
        return reply(listings.actionTypes(r));
      case "placeActionLinks.list":
        return reply(listings.listLinks(r, name));
      case "placeActionLinks.create":
        return reply(listings.createLink(r, name));
      case "placeActionLinks.patch":
        return reply(listings.patchOrDeleteLink(r, name, "PATCH"));
      case "placeActionLinks.delete":
        return reply(listings.patchOrDeleteLink(r, name, "DELETE"));
      default:
        return reply(userinfo(who.user, who.scopes));
    }
  };

  const server = await listen(
    (req, res) =>
      void readRaw(req).then((raw) => {
        const { route, reply } = handle(req, new URL(req.url ?? "/", "http://fake.google"), raw);
        // "The work is done but the answer is lost": the socket closes without a response.
        if (route && lostAnswers.take(route)) return void req.socket.destroy();
        if (reply.status === 204) {
          res.writeHead(204, reply.headers ?? {});
          return void res.end();
        }
        const isText = typeof reply.body === "string";
        res.writeHead(reply.status, {
          "content-type": isText ? "text/html; charset=utf-8" : "application/json; charset=UTF-8",
          ...reply.headers,
        });
        res.end(isText ? reply.body : JSON.stringify(reply.body));
      }),
    { dropConnections: true },
  );
  origin = server.url;
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
        ? { ...common, [`${p}API_URL`]: url("youtube"), [`${p}UPLOAD_URL`]: url("youtubeUpload") }
        : {
            ...common,
            [`${p}ACCOUNT_MANAGEMENT_URL`]: url("accountManagement"),
            [`${p}BUSINESS_INFORMATION_URL`]: url("businessInformation"),
            [`${p}OPENIDCONNECT_URL`]: url("openidconnect"),
            [`${p}MYBUSINESS_URL`]: url("mybusiness"),
            [`${p}PERFORMANCE_URL`]: url("performance"),
            [`${p}PLACE_ACTIONS_URL`]: url("placeActions"),
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
    // The next `times` calls to `route` answer `reply` instead (nothing is done).
    failNext: (route: GoogleRoute, reply: Reply, times = 1) => {
      for (let i = 0; i < times; i++) failures.push(route, reply);
    },
    // The next `times` calls to `route` do their work, then the connection closes without an answer.
    loseAnswerNext: (route: GoogleRoute, times = 1) => {
      for (let i = 0; i < times; i++) lostAnswers.push(route, { status: 0 });
    },
    youtube, // uploaded videos, sessions and behaviour switches (google-youtube.ts)
    youtubeComments, // comment threads and replies (google-youtube-comments.ts)
    business, // local posts, media and performance numbers per location (google-business.ts)
    commentLists, // reviews per location (google-comment-lists.ts)
    listings, // attributes, food menus, place action links and the edit quota per location (google-listings.ts)
    revoke: oauth.revoke,
    accessTokensOf: oauth.accessTokensOf,
    close: server.close,
  };
};

export type GoogleFake = Awaited<ReturnType<typeof startGoogleFake>>;
