import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLinkedInFake, type LinkedInFake } from "@/testing/fakes/linkedin";
import type { LinkedInShareStats } from "@/testing/fakes/linkedin-stats";
import { noSleep } from "@/testing/publish-media";
import type { ProfileAuth } from "../types";
import { ZLinkedInSettings, linkedinConnector } from ".";

let fake: LinkedInFake;
const ORG = "2414183";
const ORG_URN = encodeURIComponent(`urn:li:organization:${ORG}`);
const ctx = () => ({
  settings: ZLinkedInSettings.parse({
    client_id: fake.clientId,
    client_secret: fake.clientSecret,
    web_url: fake.url,
    api_url: fake.url,
  }),
  fetch,
  sleep: noSleep,
});
const auth = (scopes?: string[]): ProfileAuth => ({
  externalId: fake.member.sub,
  tokens: { accessToken: fake.grant(scopes), scopes },
  credentials: null,
  metadata: {},
});
const org = { externalId: ORG, accessToken: null, metadata: { type: "organization" } };
const person = { externalId: null, accessToken: null, metadata: { type: "person" } };
const postStats: LinkedInShareStats = {
  impressionCount: 420,
  uniqueImpressionsCount: 300,
  clickCount: 17,
  likeCount: 12,
  commentCount: 4,
  shareCount: 2,
  engagement: 0.083,
  commentMentionsCount: 0,
  shareMentionsCount: 1,
};

beforeAll(async () => {
  fake = await startLinkedInFake();
  fake.organizations = [{ id: Number(ORG), localizedName: "DevTestCo", vanityName: "devtestco" }];
});
afterAll(() => fake.close());

describe("linkedin profile stats", () => {
  it("reads an organization's followers, lifetime share statistics and page views", async () => {
    const before = fake.restRequests.length;
    const reading = await linkedinConnector.profileStats!(ctx(), { auth: auth(), placement: org });
    expect(reading.stats).toEqual({
      followerCount: 1834,
      shareCount: 148,
      likeCount: 2210,
      commentCount: 312,
      clickCount: 3410,
      engagement: 0.0668,
      allPageViews: 5120,
      overviewPageViews: 2400,
      aboutPageViews: 610,
      careersPageViews: 330,
      peoplePageViews: 920,
      insightsPageViews: 44,
    });
    expect(reading.raw).toMatchObject({
      firstDegreeSize: 1834,
      impressionCount: 91234,
      uniqueImpressionsCount: 40221,
      shareMentionsCount: 9,
      jobsPageViews: 210,
    });
    expect(fake.restRequests.slice(before).map((r) => `${r.path}?${r.rawQuery}`)).toEqual([
      `/rest/networkSizes/${ORG_URN}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`,
      `/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${ORG_URN}`,
      `/rest/organizationPageStatistics?q=organization&organization=${ORG_URN}`,
    ]);
  });

  it("has none for the personal profile, and maps a refusal", async () => {
    const before = fake.restRequests.length;
    expect(await linkedinConnector.profileStats!(ctx(), { auth: auth(), placement: person })).toEqual({
      stats: {},
      raw: {},
    });
    expect(fake.restRequests.length).toBe(before);
    const err = await linkedinConnector.profileStats!(ctx(), { auth: auth(["w_member_social"]), placement: org }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ kind: "rejected", details: { platformErrorCode: "ACCESS_DENIED" } });
  });
});

describe("linkedin post stats", () => {
  it("reads an organization post's share statistics by shares=List(…) or ugcPosts=List(…)", async () => {
    fake.stats.perPost.set("urn:li:share:7001", postStats);
    fake.stats.perPost.set("urn:li:ugcPost:7002", { ...postStats, impressionCount: 99 });
    const share = await linkedinConnector.postStats!(ctx(), {
      auth: auth(),
      placement: org,
      postExternalId: "urn:li:share:7001",
      params: { organization_id: ORG },
    });
    expect(share).toEqual({
      stats: { impressions: 420, likes: 12, comments: 4, shares: 2, clicks: 17 },
      raw: postStats,
    });
    expect(fake.restRequests.at(-1)!.rawQuery).toBe(
      `q=organizationalEntity&organizationalEntity=${ORG_URN}&shares=List(${encodeURIComponent("urn:li:share:7001")})`,
    );
    const video = await linkedinConnector.postStats!(ctx(), {
      auth: auth(),
      placement: org,
      postExternalId: "urn:li:ugcPost:7002",
      params: {},
    });
    expect(video!.stats.impressions).toBe(99);
    expect(fake.restRequests.at(-1)!.rawQuery).toContain(`ugcPosts=List(${encodeURIComponent("urn:li:ugcPost:7002")})`);
    const fresh = await linkedinConnector.postStats!(ctx(), {
      auth: auth(),
      placement: org,
      postExternalId: "urn:li:share:7999",
      params: {},
    });
    expect(fresh).toEqual({
      stats: { impressions: null, likes: null, comments: null, shares: null, clicks: null },
      raw: {},
    });
  });

  it("member posts: none without r_member_postAnalytics; with it likes, comments and reshares but no impressions", async () => {
    const before = fake.restRequests.length;
    expect(
      await linkedinConnector.postStats!(ctx(), {
        auth: auth(["w_member_social"]),
        placement: person,
        postExternalId: "urn:li:share:7003",
        params: {},
      }),
    ).toBeNull();
    expect(fake.restRequests.length).toBe(before);
    const reading = await linkedinConnector.postStats!(ctx(), {
      auth: auth(["w_member_social", "r_member_postAnalytics"]),
      placement: null,
      postExternalId: "urn:li:share:7003",
      params: {},
    });
    expect(reading).toEqual({
      stats: { impressions: null, likes: 41, comments: 7, shares: 3, clicks: null },
      raw: { IMPRESSION: 880, MEMBERS_REACHED: 612, REACTION: 41, COMMENT: 7, RESHARE: 3 },
    });
    expect(fake.restRequests.at(-1)!.rawQuery).toBe(
      `q=entity&entity=(share:${encodeURIComponent("urn:li:share:7003")})&queryType=RESHARE&aggregation=TOTAL`,
    );
  });
});
