import { readJson } from "../http";
import type { ProfileAuth, PublishInput, StatsReading } from "../types";
import { mapLinkedInError } from "./errors";
import { organizationIdOf } from "./publish";
import { at, restHeaders, type LinkedInCtx } from "./settings";

// Stats (LinkedIn Community Management API; keys in lib/schemas/stats.ts). Profile stats exist for organizations only:
// followers (GET /rest/networkSizes/{org}?edgeType=COMPANY_FOLLOWED_BY_MEMBER), lifetime share statistics
// (organizationalEntityShareStatistics) and page views (organizationPageStatistics). The personal profile
// has none (LinkedIn's member follower counts need a scope this app does not ask for): an empty reading.
// Post stats: organization posts from organizationalEntityShareStatistics with shares=List(…) or
// ugcPosts=List(…); member posts only when r_member_postAnalytics was granted
// (memberCreatorPostAnalytics, one call per metric), without impressions, which the spec gives for
// organization posts only; otherwise none (null).

const errors = { mapError: mapLinkedInError };
type Counts = Record<string, number | undefined>;
type PageViews = Record<string, { pageViews?: number } | undefined>;

const PAGE_VIEW_KEYS = [
  "allPageViews",
  "overviewPageViews",
  "aboutPageViews",
  "careersPageViews",
  "peoplePageViews",
  "insightsPageViews",
] as const;
const SHARE_KEYS = ["shareCount", "likeCount", "commentCount", "clickCount", "engagement"] as const;
const MEMBER_METRICS = ["IMPRESSION", "MEMBERS_REACHED", "REACTION", "COMMENT", "RESHARE"] as const;

const get = async <T>(ctx: LinkedInCtx, auth: ProfileAuth, path: string, query: string) => {
  const res = await ctx.fetch(`${at(ctx.settings.api_url, path)}?${query}`, { headers: restHeaders(ctx, auth) });
  return readJson<T>(errors, res);
};
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

export const profileStats = async (
  ctx: LinkedInCtx,
  input: { auth: ProfileAuth; placement: PublishInput["placement"] },
): Promise<StatsReading> => {
  const organization = input.placement?.externalId;
  if (!organization) return { stats: {}, raw: {} };
  const urn = encodeURIComponent(`urn:li:organization:${organization}`);
  const size = await get<{ firstDegreeSize?: number }>(
    ctx,
    input.auth,
    `/rest/networkSizes/${urn}`,
    "edgeType=COMPANY_FOLLOWED_BY_MEMBER",
  );
  const shares = await get<{ elements?: { totalShareStatistics?: Counts }[] }>(
    ctx,
    input.auth,
    "/rest/organizationalEntityShareStatistics",
    `q=organizationalEntity&organizationalEntity=${urn}`,
  );
  const pages = await get<{ elements?: { totalPageStatistics?: { views?: PageViews } }[] }>(
    ctx,
    input.auth,
    "/rest/organizationPageStatistics",
    `q=organization&organization=${urn}`,
  );
  const share = shares?.elements?.[0]?.totalShareStatistics ?? {};
  const views = pages?.elements?.[0]?.totalPageStatistics?.views ?? {};
  const pageViews = Object.fromEntries(Object.entries(views).map(([key, value]) => [key, num(value?.pageViews)]));
  const stats = {
    followerCount: num(size?.firstDegreeSize),
    ...Object.fromEntries(SHARE_KEYS.map((key) => [key, num(share[key])])),
    ...Object.fromEntries(PAGE_VIEW_KEYS.map((key) => [key, pageViews[key] ?? null])),
  };
  return { stats, raw: { firstDegreeSize: size?.firstDegreeSize ?? null, ...share, ...pageViews } };
};

// A post URN's Rest.li finder key: shares=List(…) for urn:li:share, ugcPosts=List(…) for urn:li:ugcPost.
const shareStatsQuery = (organizationUrn: string, postUrn: string) =>
  `q=organizationalEntity&organizationalEntity=${encodeURIComponent(organizationUrn)}&${postUrn.startsWith("urn:li:ugcPost:") ? "ugcPosts" : "shares"}=List(${encodeURIComponent(postUrn)})`;

const memberPostStats = async (ctx: LinkedInCtx, auth: ProfileAuth, postUrn: string): Promise<StatsReading> => {
  const entity = postUrn.startsWith("urn:li:ugcPost:")
    ? `(ugc:${encodeURIComponent(postUrn)})`
    : `(share:${encodeURIComponent(postUrn)})`;
  const raw: Record<string, number | null> = {};
  for (const metric of MEMBER_METRICS) {
    const body = await get<{ elements?: { count?: number }[] }>(
      ctx,
      auth,
      "/rest/memberCreatorPostAnalytics",
      `q=entity&entity=${entity}&queryType=${metric}&aggregation=TOTAL`,
    );
    const counts = (body?.elements ?? []).map((e) => num(e.count)).filter((n): n is number => n !== null);
    raw[metric] = counts.length > 0 ? counts.reduce((a, b) => a + b, 0) : null;
  }
  return {
    stats: {
      impressions: null,
      likes: raw.REACTION ?? null,
      comments: raw.COMMENT ?? null,
      shares: raw.RESHARE ?? null,
      clicks: null,
    },
    raw,
  };
};

export const postStats = async (
  ctx: LinkedInCtx,
  input: {
    auth: ProfileAuth;
    placement: PublishInput["placement"];
    postExternalId: string;
    params: Record<string, unknown>;
  },
): Promise<StatsReading | null> => {
  const organization = organizationIdOf(input);
  if (!organization)
    return input.auth.tokens?.scopes?.includes("r_member_postAnalytics")
      ? memberPostStats(ctx, input.auth, input.postExternalId)
      : null;
  const query = shareStatsQuery(`urn:li:organization:${organization}`, input.postExternalId);
  const body = await get<{ elements?: { totalShareStatistics?: Counts }[] }>(
    ctx,
    input.auth,
    "/rest/organizationalEntityShareStatistics",
    query,
  );
  const share = body?.elements?.[0]?.totalShareStatistics ?? {};
  return {
    stats: {
      impressions: num(share.impressionCount),
      likes: num(share.likeCount),
      comments: num(share.commentCount),
      shares: num(share.shareCount),
      clicks: num(share.clickCount),
    },
    raw: { ...share },
  };
};
