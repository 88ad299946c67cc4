import type { ServerResponse } from "node:http";
import type { LinkedInFakeCtx } from "./linkedin-posts";
import { send, type FakeReply } from "./support";

// The LinkedIn fake's read side for stats and targeting, in LinkedIn's response shapes: networkSizes
// (firstDegreeSize), organizationalEntityShareStatistics (totalShareStatistics, lifetime or per post with
// shares=List(…)/ugcPosts=List(…)), organizationPageStatistics (totalPageStatistics.views),
// memberCreatorPostAnalytics (r_member_postAnalytics; one metric per call) and the Geo Typeahead API.

const error = (status: number, code: string, message: string): FakeReply => ({
  status,
  body: { status, code, message },
});
const denied = (what: string) => error(403, "ACCESS_DENIED", `Not enough permissions to access: ${what}`);

export const GEO_LOCATIONS = [
  { displayText: "United States", entity: "urn:li:geo:103644278" },
  { displayText: "United Kingdom", entity: "urn:li:geo:101165590" },
  { displayText: "United Arab Emirates", entity: "urn:li:geo:104305776" },
  { displayText: "Germany", entity: "urn:li:geo:101282230" },
  { displayText: "France", entity: "urn:li:geo:105015875" },
  { displayText: "Georgia, United States", entity: "urn:li:geo:103950076" },
  { displayText: "Georgia", entity: "urn:li:geo:106315325" },
];

export type LinkedInShareStats = {
  impressionCount: number;
  uniqueImpressionsCount: number;
  clickCount: number;
  likeCount: number;
  commentCount: number;
  shareCount: number;
  engagement: number;
  commentMentionsCount: number;
  shareMentionsCount: number;
};

export const linkedinStats = () => {
  const state = {
    followers: 1834,
    lifetime: {
      impressionCount: 91234,
      uniqueImpressionsCount: 40221,
      clickCount: 3410,
      likeCount: 2210,
      commentCount: 312,
      shareCount: 148,
      engagement: 0.0668,
      commentMentionsCount: 3,
      shareMentionsCount: 9,
    } as LinkedInShareStats,
    perPost: new Map<string, LinkedInShareStats>(),
    pageViews: {
      allPageViews: 5120,
      overviewPageViews: 2400,
      aboutPageViews: 610,
      careersPageViews: 330,
      peoplePageViews: 920,
      insightsPageViews: 44,
      jobsPageViews: 210,
    } as Record<string, number>,
    memberMetrics: { IMPRESSION: 880, MEMBERS_REACHED: 612, REACTION: 41, COMMENT: 7, RESHARE: 3 } as Record<
      string,
      number
    >,
    geoRequests: [] as string[],
  };

  const organizationOf = (value: string | null) => /^urn:li:organization:(\d+)$/.exec(value ?? "")?.[1] ?? null;

  const shareStatistics = (res: ServerResponse, ctx: LinkedInFakeCtx, url: URL, rawQuery: string) => {
    const entity = url.searchParams.get("organizationalEntity");
    const org = organizationOf(entity);
    if (url.searchParams.get("q") !== "organizationalEntity" || !org)
      return send(res, error(400, "ILLEGAL_ARGUMENT", "organizationalEntity is required"));
    if (!ctx.adminOf(org) || !ctx.scopes.includes("rw_organization_admin"))
      return send(res, denied("organizationalEntityShareStatistics"));
    const list = /(?:^|&)(shares|ugcPosts)=List\(([^)]*)\)/.exec(rawQuery);
    if (!list)
      return send(res, {
        status: 200,
        body: {
          paging: { start: 0, count: 10, links: [] },
          elements: [{ totalShareStatistics: state.lifetime, organizationalEntity: entity }],
        },
      });
    const urns = list[2]!.split(",").map(decodeURIComponent);
    if (urns.some((u) => !u.startsWith(list[1] === "shares" ? "urn:li:share:" : "urn:li:ugcPost:")))
      return send(res, error(400, "ILLEGAL_ARGUMENT", `Invalid ${list[1]} URN`));
    const key = list[1] === "shares" ? "share" : "ugcPost";
    const elements = urns.flatMap((urn) => {
      const stats = state.perPost.get(urn);
      return stats ? [{ totalShareStatistics: stats, organizationalEntity: entity, [key]: urn }] : [];
    });
    send(res, { status: 200, body: { paging: { start: 0, count: 10, links: [] }, elements } });
  };

  const pageStatistics = (res: ServerResponse, ctx: LinkedInFakeCtx, url: URL) => {
    const org = organizationOf(url.searchParams.get("organization"));
    if (url.searchParams.get("q") !== "organization" || !org)
      return send(res, error(400, "ILLEGAL_ARGUMENT", "organization is required"));
    if (!ctx.adminOf(org) || !ctx.scopes.includes("rw_organization_admin"))
      return send(res, denied("organizationPageStatistics"));
    const views = Object.fromEntries(
      Object.entries(state.pageViews).map(([k, v]) => [k, { pageViews: v, uniquePageViews: Math.floor(v / 2) }]),
    );
    send(res, {
      status: 200,
      body: {
        paging: { start: 0, count: 10, links: [] },
        elements: [{ totalPageStatistics: { clicks: {}, views }, organization: `urn:li:organization:${org}` }],
      },
    });
  };

  const memberAnalytics = (res: ServerResponse, ctx: LinkedInFakeCtx, url: URL) => {
    if (!ctx.scopes.includes("r_member_postAnalytics")) return send(res, denied("memberCreatorPostAnalytics"));
    const entity = /^\((share|ugc):(urn:li:(?:share|ugcPost):\d+)\)$/.exec(url.searchParams.get("entity") ?? "");
    const metric = url.searchParams.get("queryType") ?? "";
    if (url.searchParams.get("q") !== "entity" || !entity || !(metric in state.memberMetrics))
      return send(res, error(400, "ILLEGAL_ARGUMENT", "entity and queryType are required"));
    const metricType = { "com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1": metric };
    send(res, {
      status: 200,
      body: {
        paging: { start: 0, count: 10, links: [] },
        elements: [{ count: state.memberMetrics[metric], metricType, targetEntity: { [entity[1]!]: entity[2] } }],
      },
    });
  };

  // GET routes under /rest/ (headers and token already checked). False: not ours.
  const handle = (res: ServerResponse, url: URL, rawQuery: string, ctx: LinkedInFakeCtx): boolean => {
    const size = /^\/rest\/networkSizes\/(.+)$/.exec(url.pathname)?.[1];
    if (size) {
      const org = organizationOf(decodeURIComponent(size));
      if (!org || url.searchParams.get("edgeType") !== "COMPANY_FOLLOWED_BY_MEMBER")
        send(res, error(400, "ILLEGAL_ARGUMENT", "Invalid networkSizes request"));
      else send(res, { status: 200, body: { firstDegreeSize: state.followers } });
      return true;
    }
    if (url.pathname === "/rest/organizationalEntityShareStatistics")
      return (shareStatistics(res, ctx, url, rawQuery), true);
    if (url.pathname === "/rest/organizationPageStatistics") return (pageStatistics(res, ctx, url), true);
    if (url.pathname === "/rest/memberCreatorPostAnalytics") return (memberAnalytics(res, ctx, url), true);
    return false;
  };

  // GET /v2/geoTypeahead?q=search&query=… (Rest.li 2.0): locations whose name contains the query.
  const geoTypeahead = (res: ServerResponse, url: URL, restli: string | undefined) => {
    const query = (url.searchParams.get("query") ?? "").toLowerCase();
    state.geoRequests.push(query);
    if (restli !== "2.0.0" || url.searchParams.get("q") !== "search" || !query)
      return send(res, error(400, "ILLEGAL_ARGUMENT", "q=search and query are required"));
    send(res, {
      status: 200,
      body: {
        paging: { start: 0, count: 10, links: [] },
        elements: GEO_LOCATIONS.filter((g) => g.displayText.toLowerCase().includes(query)),
      },
    });
  };

  return { state, handle, geoTypeahead };
};
