import { randomBytes } from "node:crypto";
import { googleApiError, type FakeGoogleUser, type Reply } from "./google-apis";
import { check } from "./google-schemas";
import { MEDIA_CATEGORIES, STANDARD_PARAMS } from "@/lib/networks/google_business/resources";

// The Business Profile half of the Google fake's publishing and stats (testing/fakes/google.ts), hand-written
// from Google's v4 reference (no discovery document exists for v4): accounts.locations.localPosts
// create / list / get / delete, accounts.locations.media create / list / delete, and the Performance API's
// locations:fetchMultiDailyMetricsTimeSeries. Local posts are created PROCESSING and turn LIVE (or
// `config.nextState`) after `config.liveAfterPolls` reads. Everything created is kept per location.

export type FakeLocalPost = Record<string, unknown> & {
  name: string;
  state: string;
  createTime: string;
  summary?: string;
  topicType: string;
};
export type FakeMediaItem = Record<string, unknown> & { name: string; sourceUrl: string; createTime: string };
type Req = { user: FakeGoogleUser; url: URL; json: unknown };

// The Performance API's DailyMetric enum (discovery document businessprofileperformance v1).
// DAILY_METRIC_UNKNOWN is in the enum but is not a metric one can ask for.
export const DAILY_METRICS = new Set([
  "BUSINESS_IMPRESSIONS_DESKTOP_MAPS",
  "BUSINESS_IMPRESSIONS_DESKTOP_SEARCH",
  "BUSINESS_IMPRESSIONS_MOBILE_MAPS",
  "BUSINESS_IMPRESSIONS_MOBILE_SEARCH",
  "BUSINESS_CONVERSATIONS",
  "BUSINESS_DIRECTION_REQUESTS",
  "CALL_CLICKS",
  "WEBSITE_CLICKS",
  "BUSINESS_BOOKINGS",
  "BUSINESS_FOOD_ORDERS",
  "BUSINESS_FOOD_MENU_CLICKS",
]);
const CTA_TYPES = new Set(["BOOK", "ORDER", "SHOP", "LEARN_MORE", "SIGN_UP", "CALL"]);
const TOPICS = new Set(["STANDARD", "EVENT", "OFFER", "ALERT"]);
const CATEGORIES = new Set(MEDIA_CATEGORIES);

const invalid = (field: string, description: string): Reply => ({
  status: 400,
  body: googleApiError(400, "INVALID_ARGUMENT", "Request contains an invalid argument.", {
    extraDetails: [{ "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: [{ field, description }] }],
  }),
});
// What Google's front end answers to an enum value it does not know, and to a query parameter the
// method does not have (both 400 INVALID_ARGUMENT with a BadRequest field violation).
const violation = (field: string, message: string): Reply => ({
  status: 400,
  body: googleApiError(400, "INVALID_ARGUMENT", message, {
    extraDetails: [
      { "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: [{ field, description: message }] },
    ],
  }),
});
export const invalidEnum = (field: string, type: string, value: string): Reply =>
  violation(field, `Invalid value at '${field}' (type.googleapis.com/${type}), "${value}"`);
export const unknownQueryParameter = (name: string): Reply =>
  violation(
    name,
    `Invalid JSON payload received. Unknown name "${name}": Cannot bind query parameter. Field '${name}' could not be found in request message.`,
  );
const PERFORMANCE_PARAMS = new Set([
  "dailyMetrics",
  ...["startDate", "endDate"].flatMap((d) => ["year", "month", "day"].map((f) => `dailyRange.${d}.${f}`)),
  ...STANDARD_PARAMS,
]);
const notFound = (): Reply => ({
  status: 404,
  body: googleApiError(404, "NOT_FOUND", "Requested entity was not found."),
});
const denied = (): Reply => ({
  status: 403,
  body: googleApiError(403, "PERMISSION_DENIED", "The caller does not have permission"),
});
const newId = () => BigInt(`0x${randomBytes(7).toString("hex")}`).toString();
type D = { year?: number; month?: number; day?: number };
const isoDate = (d: D | undefined) =>
  d?.year && d.month && d.day
    ? `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`
    : null;

// Offsets as page tokens.
const paged = <T>(items: T[], url: URL, { max, byDefault }: { max: number; byDefault: number }) => {
  const size = Number(url.searchParams.get("pageSize") ?? byDefault);
  if (!Number.isInteger(size) || size < 1 || size > max)
    return { error: invalid("page_size", `Page size must be between 1 and ${max}`) };
  const offset = Number(url.searchParams.get("pageToken")?.replace(/^o/, "") ?? 0);
  return {
    items: items.slice(offset, offset + size),
    next: offset + size < items.length ? `o${offset + size}` : undefined,
  };
};

const scheduleIssue = (
  event:
    { title?: unknown; schedule?: { startDate?: D; endDate?: D; startTime?: unknown; endTime?: unknown } } | undefined,
): Reply | null => {
  if (!event?.schedule) return invalid("local_post.event.schedule", "Event schedule is required");
  const start = isoDate(event.schedule.startDate);
  const end = isoDate(event.schedule.endDate);
  if (!start || !end) return invalid("local_post.event.schedule", "Start and end dates are required");
  if (end < start) return invalid("local_post.event.schedule.end_date", "End date must not be before start date");
  if (Boolean(event.schedule.startTime) !== Boolean(event.schedule.endTime))
    return invalid("local_post.event.schedule", "Start and end times go together");
  if (typeof event.title !== "string" || !event.title.trim() || event.title.length > 58)
    return invalid("local_post.event.title", "Event title is required (at most 58 characters)");
  return null;
};

const postIssue = (p: Record<string, unknown>): Reply | null => {
  const topic = p.topicType;
  if (typeof topic !== "string" || !TOPICS.has(topic))
    return invalid("local_post.topic_type", "Topic type is required");
  if (p.summary !== undefined && (typeof p.summary !== "string" || [...p.summary].length > 1500))
    return invalid("local_post.summary", "Summary is too long (1500 max)");
  const media = (p.media ?? []) as { mediaFormat?: string; sourceUrl?: string }[];
  if (
    !Array.isArray(media) ||
    media.some((m) => (m.mediaFormat !== "PHOTO" && m.mediaFormat !== "VIDEO") || !m.sourceUrl)
  )
    return invalid("local_post.media", "Each media item needs mediaFormat and sourceUrl");
  if (topic === "STANDARD" && !p.summary && media.length === 0)
    return invalid("local_post.summary", "A post needs a summary or media");
  const cta = p.callToAction as { actionType?: string; url?: string } | undefined;
  if (cta) {
    if (!cta.actionType || !CTA_TYPES.has(cta.actionType))
      return invalid("local_post.call_to_action.action_type", "Invalid action type");
    if (cta.actionType === "CALL" && cta.url) return invalid("local_post.call_to_action.url", "Must be unset for CALL");
    if (cta.actionType !== "CALL" && !/^https?:\/\//.test(cta.url ?? ""))
      return invalid("local_post.call_to_action.url", "A valid URL is required");
  }
  if (topic === "EVENT" || topic === "OFFER") return scheduleIssue(p.event as Parameters<typeof scheduleIssue>[0]);
  if (p.event || p.offer) return invalid("local_post.event", "Only event and offer posts have an event");
  return null;
};

export const fakeBusiness = () => {
  const posts = new Map<string, FakeLocalPost[]>(); // by location name, newest first
  const media = new Map<string, FakeMediaItem[]>();
  const pendingReads = new Map<string, number>();
  const deleted = new Set<string>(); // names of deleted local posts and media items
  const config = {
    liveAfterPolls: 1, // localPosts.get reads before a new post leaves PROCESSING (0: LIVE at once)
    nextState: "LIVE" as "LIVE" | "REJECTED", // what the next post becomes
    echoSourceUrl: true, // media.list shows each item's sourceUrl
    // Performance values: undefined = no value that day (Google leaves it out). Default: none for the
    // last 3 days (Google's lag), then a plausible number per metric and day.
    metricValue: (_location: string, metric: string, date: string): number | undefined => {
      if (Date.parse(date) > Date.now() - 3 * 86_400_000) return undefined;
      return ([...metric].reduce((n, c) => n + c.charCodeAt(0), 0) + Number(date.slice(-2))) % 90;
    },
  };

  // v4 names: accounts/{a}/locations/{l}, with the v1 location `locations/{l}` under the user's account.
  const access = (user: FakeGoogleUser, location: string): Reply | null => {
    const [, accountId, , locationId] = location.split("/");
    const account = user.accounts?.find((a) => a.name === `accounts/${accountId}`);
    if (!account) return denied();
    return account.locations.some((l) => l.name === `locations/${locationId}`) ? null : notFound();
  };

  const createPost = ({ user, json }: Req, location: string): Reply => {
    const refused = access(user, location) ?? postIssue((json ?? {}) as Record<string, unknown>);
    if (refused) return refused;
    const id = newId();
    const now = new Date().toISOString();
    const body = json as Record<string, unknown>;
    const post: FakeLocalPost = {
      ...body,
      name: `${location}/localPosts/${id}`,
      topicType: String(body.topicType),
      createTime: now,
      updateTime: now,
      state: config.liveAfterPolls === 0 ? config.nextState : "PROCESSING",
      searchUrl: `https://local.google.com/place?id=${location.split("/").pop()}&use=posts&lpsid=${id}`,
      ...(Array.isArray(body.media) && {
        media: (body.media as Record<string, unknown>[]).map((m, i) => ({
          ...m,
          name: `${location}/media/${id}-${i}`,
          googleUrl: `https://lh3.googleusercontent.com/p/${id}-${i}`,
        })),
      }),
    };
    pendingReads.set(post.name, config.liveAfterPolls);
    posts.set(location, [post, ...(posts.get(location) ?? [])]);
    return { status: 200, body: post };
  };

  const getPost = ({ user }: Req, name: string): Reply => {
    const location = name.split("/localPosts/")[0]!;
    const refused = access(user, location);
    if (refused) return refused;
    const post = posts.get(location)?.find((p) => p.name === name);
    if (!post) return notFound();
    const left = pendingReads.get(name) ?? 0;
    if (left > 0) {
      pendingReads.set(name, left - 1);
      if (left === 1) post.state = config.nextState;
    }
    return { status: 200, body: post };
  };

  const listPosts = ({ user, url }: Req, location: string): Reply => {
    const refused = access(user, location);
    if (refused) return refused;
    const page = paged(posts.get(location) ?? [], url, { max: 100, byDefault: 20 });
    if ("error" in page) return page.error!;
    return {
      status: 200,
      body: {
        ...(page.items.length > 0 && { localPosts: page.items }),
        ...(page.next && { nextPageToken: page.next }),
      },
    };
  };

  // DELETE {mybusiness}/{location}/localPosts/{p}: 200 with an empty object; the post is removed (an
  // unknown or already deleted post is 404 NOT_FOUND). Deleted names are kept in `deleted`.
  const deletePost = ({ user }: Req, name: string): Reply => {
    const location = name.split("/localPosts/")[0]!;
    const refused = access(user, location);
    if (refused) return refused;
    const list = posts.get(location) ?? [];
    if (!list.some((p) => p.name === name)) return notFound();
    posts.set(
      location,
      list.filter((p) => p.name !== name),
    );
    pendingReads.delete(name);
    deleted.add(name);
    return { status: 200, body: {} };
  };

  const createMedia = ({ user, json }: Req, location: string): Reply => {
    const refused = access(user, location);
    if (refused) return refused;
    const body = (json ?? {}) as {
      mediaFormat?: string;
      sourceUrl?: string;
      dataRef?: unknown;
      locationAssociation?: { category?: string };
    };
    const shape = check("MediaItem", body, "media_item");
    if (shape) return shape;
    // Media relevance: menu and food photos only where the location can have food menus.
    const [, accountId, , locationId] = location.split("/");
    const v1 = user.accounts
      ?.find((a) => a.name === `accounts/${accountId}`)
      ?.locations.find((l) => l.name === `locations/${locationId}`) as
      { metadata?: { canHaveFoodMenus?: boolean } } | undefined;
    if (
      ["MENU", "FOOD_AND_DRINK"].includes(body.locationAssociation?.category ?? "") &&
      v1?.metadata?.canHaveFoodMenus !== true
    ) {
      return {
        status: 400,
        body: googleApiError(
          400,
          "FAILED_PRECONDITION",
          `Media category ${body.locationAssociation?.category} is not relevant for this location.`,
        ),
      };
    }
    if (body.mediaFormat !== "PHOTO" && body.mediaFormat !== "VIDEO")
      return invalid("media_item.media_format", "Media format is required");
    if (!body.locationAssociation?.category || !CATEGORIES.has(body.locationAssociation.category))
      return invalid("media_item.location_association", "A category is required");
    if (!body.sourceUrl && !body.dataRef) return invalid("media_item.source_url", "sourceUrl or dataRef is required");
    const id = newId();
    const item: FakeMediaItem = {
      name: `${location}/media/${id}`,
      mediaFormat: body.mediaFormat,
      sourceUrl: body.sourceUrl ?? "",
      locationAssociation: body.locationAssociation,
      googleUrl: `https://lh3.googleusercontent.com/p/AF1Q${id}`,
      thumbnailUrl: `https://lh3.googleusercontent.com/p/AF1Q${id}=s250`,
      createTime: new Date().toISOString(),
      dimensions: { widthPixels: 1200, heightPixels: 900 },
      insights: { viewCount: "0" },
    };
    media.set(location, [item, ...(media.get(location) ?? [])]);
    return { status: 200, body: item };
  };

  const listMedia = ({ user, url }: Req, location: string): Reply => {
    const refused = access(user, location);
    if (refused) return refused;
    const all = media.get(location) ?? [];
    const page = paged(all, url, { max: 2500, byDefault: 100 });
    if ("error" in page) return page.error!;
    const items = page.items.map(({ sourceUrl, ...rest }) => (config.echoSourceUrl ? { ...rest, sourceUrl } : rest));
    return {
      status: 200,
      body: {
        ...(items.length > 0 && { mediaItems: items }),
        totalMediaItemCount: all.length,
        ...(page.next && { nextPageToken: page.next }),
      },
    };
  };

  // DELETE {mybusiness}/{location}/media/{m}: 200 with an empty object, as deletePost.
  const deleteMedia = ({ user }: Req, name: string): Reply => {
    const location = name.split("/media/")[0]!;
    const refused = access(user, location);
    if (refused) return refused;
    const list = media.get(location) ?? [];
    if (!list.some((m) => m.name === name)) return notFound();
    media.set(
      location,
      list.filter((m) => m.name !== name),
    );
    deleted.add(name);
    return { status: 200, body: {} };
  };

  // GET {performance}/locations/{l}:fetchMultiDailyMetricsTimeSeries?dailyMetrics=…&dailyRange.startDate.year=…
  const performance = ({ user, url }: Req, locationId: string): Reply => {
    if (!user.accounts?.some((a) => a.locations.some((l) => l.name === `locations/${locationId}`))) return denied();
    const q = url.searchParams;
    const unknownParam = [...q.keys()].find((k) => !PERFORMANCE_PARAMS.has(k));
    if (unknownParam) return unknownQueryParameter(unknownParam);
    const metrics = q.getAll("dailyMetrics");
    if (metrics.length === 0) return invalid("daily_metrics", "At least one daily metric is required");
    const bad = metrics.findIndex((m) => !DAILY_METRICS.has(m));
    if (bad >= 0)
      return invalidEnum(`daily_metrics[${bad}]`, "google.businessprofileperformance.v1.DailyMetric", metrics[bad]!);
    const part = (which: string, f: string) => Number(q.get(`dailyRange.${which}.${f}`) ?? Number.NaN);
    const [start, end] = ["startDate", "endDate"].map((w) =>
      isoDate({ year: part(w, "year"), month: part(w, "month"), day: part(w, "day") }),
    );
    if (!start || !end || end < start) return invalid("daily_range", "A valid daily range is required");
    const dates: string[] = [];
    for (let t = Date.parse(start); t <= Date.parse(end); t += 86_400_000)
      dates.push(new Date(t).toISOString().slice(0, 10));
    return {
      status: 200,
      body: {
        multiDailyMetricTimeSeries: [
          {
            dailyMetricTimeSeries: metrics.map((metric) => ({
              dailyMetric: metric,
              timeSeries: {
                datedValues: dates.map((d) => {
                  const [year, month, day] = d.split("-").map(Number);
                  const value = config.metricValue(`locations/${locationId}`, metric, d);
                  return { date: { year, month, day }, ...(value ? { value: String(value) } : {}) };
                }),
              },
            })),
          },
        ],
      },
    };
  };

  return {
    posts,
    media,
    deleted,
    config,
    access,
    createPost,
    getPost,
    listPosts,
    deletePost,
    createMedia,
    listMedia,
    deleteMedia,
    performance,
  };
};

export type FakeBusiness = ReturnType<typeof fakeBusiness>;
