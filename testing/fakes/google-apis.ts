import { applyReadMask } from "@/lib/networks/google_business/location-masks";
// The Google APIs half of the Google fake (testing/fakes/google.ts): YouTube channels.list, Business Profile
// accounts.list and accounts.locations.list, OpenID Connect userinfo. Wire formats follow Google's
// reference: the API error object, page tokens, the required readMask, and the 100 / 20 page-size caps.

export type FakeGoogleAccount = {
  name: string; // accounts/{id}
  accountName: string;
  type: "PERSONAL" | "LOCATION_GROUP" | "USER_GROUP" | "ORGANIZATION";
  locations: Record<string, unknown>[]; // v1 Location resources; `name` is locations/{id}
};

export type FakeGoogleUser = {
  sub: string;
  email: string;
  name: string;
  picture?: string;
  channel?: {
    id: string;
    title: string;
    customUrl?: string;
    thumbnailUrl?: string;
    statistics?: { viewCount?: number; subscriberCount?: number; hiddenSubscriberCount?: boolean; videoCount?: number };
  } | null;
  accounts?: FakeGoogleAccount[];
};

export type Reply = { status: number; body: unknown; headers?: Record<string, string> };

// {"error":{code,message,status,errors:[{domain,reason}],details:[ErrorInfo]}}
export const googleApiError = (
  code: number,
  status: string,
  message: string,
  {
    reason,
    domain = "global",
    errorInfo,
    extraDetails = [],
  }: { reason?: string; domain?: string; errorInfo?: string; extraDetails?: unknown[] } = {},
): Reply["body"] => ({
  error: {
    code,
    message,
    ...(reason && { errors: [{ message, domain, reason }] }),
    status,
    details: [
      ...(errorInfo
        ? [
            {
              "@type": "type.googleapis.com/google.rpc.ErrorInfo",
              reason: errorInfo,
              domain: "googleapis.com",
              metadata: { service: "fake.googleapis.com" },
            },
          ]
        : []),
      ...extraDetails,
    ],
  },
});

const badRequest = (field: string, description: string): Reply => ({
  status: 400,
  body: googleApiError(400, "INVALID_ARGUMENT", "Request contains an invalid argument.", {
    extraDetails: [{ "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: [{ field, description }] }],
  }),
});

// Opaque page tokens carrying the next offset.
const pageToken = (offset: number) => Buffer.from(JSON.stringify({ o: offset })).toString("base64url");
const offsetOf = (token: string | null): number | null => {
  if (!token) return 0;
  try {
    const o = (JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as { o?: unknown }).o;
    return typeof o === "number" && o >= 0 ? o : null;
  } catch {
    return null;
  }
};

const page = <T>(
  items: T[],
  query: URLSearchParams,
  { cap, byDefault, serverCap }: { cap: number; byDefault: number; serverCap: number },
  key: string,
): Reply => {
  const requested = Number(query.get("pageSize") ?? byDefault);
  if (!Number.isInteger(requested) || requested < 1 || requested > cap)
    return badRequest("page_size", `Page size must be between 1 and ${cap}`);
  const offset = offsetOf(query.get("pageToken"));
  if (offset === null) return badRequest("page_token", "Invalid page token");
  const size = Math.min(requested, serverCap);
  const slice = items.slice(offset, offset + size);
  const next = offset + size < items.length ? pageToken(offset + size) : undefined;
  return { status: 200, body: { ...(slice.length > 0 && { [key]: slice }), ...(next && { nextPageToken: next }) } };
};

export type ApiLimits = { accountsPerPage: number; locationsPerPage: number };

const CHANNEL_PARTS = new Set([
  "id",
  "snippet",
  "contentDetails",
  "statistics",
  "status",
  "brandingSettings",
  "topicDetails",
  "localizations",
]);

// channels.list?mine=true with the parts asked for: snippet, contentDetails (the uploads playlist),
// statistics (int64 values as strings, subscriberCount left out when hidden).
export const channelsList = (
  user: FakeGoogleUser,
  query: URLSearchParams,
  { videoCount = 0 }: { videoCount?: number } = {},
): Reply => {
  if (!query.get("part"))
    return {
      status: 400,
      body: googleApiError(
        400,
        "INVALID_ARGUMENT",
        "No filter selected. Expected one of: forUsername, managedByMe, categoryId, mine, mySubscribers, id, idParam, forHandle.",
        { reason: "missingRequiredParameter", domain: "youtube.parameter" },
      ),
    };
  if (query.get("mine") !== "true")
    return {
      status: 400,
      body: googleApiError(400, "INVALID_ARGUMENT", "The fake only serves mine=true", {
        reason: "invalidFilters",
        domain: "youtube.parameter",
      }),
    };
  const parts = query
    .get("part")!
    .split(",")
    .map((p) => p.trim());
  const unknown = parts.find((p) => !CHANNEL_PARTS.has(p));
  if (unknown)
    return {
      status: 400,
      body: googleApiError(400, "INVALID_ARGUMENT", `'${unknown}'`, { reason: "unknownPart", domain: "youtube.part" }),
    };
  const c = user.channel;
  const stats = c?.statistics ?? {};
  const items = c
    ? [
        {
          kind: "youtube#channel",
          etag: `etag-${c.id}`,
          id: c.id,
          ...(parts.includes("contentDetails") && {
            contentDetails: { relatedPlaylists: { likes: "", uploads: `UU${c.id.slice(2)}` } },
          }),
          ...(parts.includes("statistics") && {
            statistics: {
              viewCount: String(stats.viewCount ?? 48_213),
              ...(!stats.hiddenSubscriberCount && { subscriberCount: String(stats.subscriberCount ?? 1_250) }),
              hiddenSubscriberCount: stats.hiddenSubscriberCount ?? false,
              videoCount: String(stats.videoCount ?? videoCount),
            },
          }),
        },
      ]
    : [];
  const withSnippet =
    c && parts.includes("snippet")
      ? [
          {
            ...items[0],
            snippet: {
              title: c.title,
              description: "",
              ...(c.customUrl && { customUrl: c.customUrl }),
              publishedAt: "2020-01-02T03:04:05Z",
              thumbnails: c.thumbnailUrl
                ? {
                    default: { url: `${c.thumbnailUrl}=s88`, width: 88, height: 88 },
                    medium: { url: `${c.thumbnailUrl}=s240`, width: 240, height: 240 },
                    high: { url: `${c.thumbnailUrl}=s800`, width: 800, height: 800 },
                  }
                : {},
              localized: { title: c.title, description: "" },
              country: "US",
            },
          },
        ]
      : items;
  return {
    status: 200,
    body: {
      kind: "youtube#channelListResponse",
      etag: "etag-list",
      pageInfo: { totalResults: withSnippet.length, resultsPerPage: 5 },
      items: withSnippet,
    },
  };
};

export const accountsList = (user: FakeGoogleUser, query: URLSearchParams, limits: ApiLimits): Reply =>
  page(
    (user.accounts ?? []).map(({ name, accountName, type }) => ({
      name,
      accountName,
      type,
      verificationState: "VERIFIED",
      vettedState: "NOT_VETTED",
      role: type === "PERSONAL" ? "PRIMARY_OWNER" : "MANAGER",
    })),
    query,
    { cap: 20, byDefault: 20, serverCap: limits.accountsPerPage },
    "accounts",
  );

export const locationsList = (
  user: FakeGoogleUser,
  accountId: string,
  query: URLSearchParams,
  limits: ApiLimits,
): Reply => {
  const account = user.accounts?.find((a) => a.name === `accounts/${accountId}`);
  if (!account)
    return { status: 403, body: googleApiError(403, "PERMISSION_DENIED", "The caller does not have permission") };
  const mask = query.get("readMask");
  if (!mask) return badRequest("read_mask", "Field is required");
  const masked = account.locations.map((l) => applyReadMask(l, mask));
  if (masked.some((l) => l === null)) return badRequest("read_mask", "Invalid field mask provided");
  return page(masked, query, { cap: 100, byDefault: 10, serverCap: limits.locationsPerPage }, "locations");
};

export const userinfo = (user: FakeGoogleUser, scopes: string[]): Reply => ({
  status: 200,
  body: {
    sub: user.sub,
    ...(scopes.includes("https://www.googleapis.com/auth/userinfo.profile") && {
      name: user.name,
      given_name: user.name.split(" ")[0],
      ...(user.picture && { picture: user.picture }),
    }),
    ...(scopes.includes("https://www.googleapis.com/auth/userinfo.email") && {
      email: user.email,
      email_verified: true,
    }),
  },
});

// A v1 Location as Google returns it, for test data.
export const fakeLocation = (
  id: string,
  title: string,
  extra: {
    placeId?: string;
    storeCode?: string;
    address?: Record<string, unknown>;
    canModifyServiceList?: boolean;
    canHaveFoodMenus?: boolean;
  } = {},
) => ({
  name: `locations/${id}`,
  title,
  languageCode: "en",
  ...(extra.storeCode && { storeCode: extra.storeCode }),
  ...(extra.address && { storefrontAddress: { regionCode: "US", languageCode: "en", ...extra.address } }),
  websiteUri: `https://example.com/${id}`,
  metadata: {
    ...(extra.placeId && { placeId: extra.placeId, mapsUri: `https://maps.google.com/maps?cid=${id}` }),
    canModifyServiceList: extra.canModifyServiceList ?? true,
    canHaveFoodMenus: extra.canHaveFoodMenus ?? false,
    hasVoiceOfMerchant: true,
  },
});
