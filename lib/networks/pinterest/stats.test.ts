import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPinterestFake, type PinterestFake } from "@/testing/fakes/pinterest";
import { noSleep, publishInput, publishMedia } from "@/testing/publish-media";
import type { ProfileAuth } from "../types";
import { ZPinterestSettings, pinterestConnector } from ".";

let fake: PinterestFake;
const BOARD = "1000001";
const ctx = () => ({
  settings: ZPinterestSettings.parse({
    client_id: fake.clientId,
    client_secret: fake.clientSecret,
    web_url: fake.url,
    api_url: fake.url,
  }),
  fetch,
  sleep: noSleep,
});
const auth = (): ProfileAuth => ({
  externalId: fake.account.id,
  tokens: { accessToken: fake.grant() },
  credentials: null,
  metadata: {},
});
const daysBack = (date: string) => Math.round((Date.now() - Date.parse(`${date}T12:00:00Z`)) / 86_400_000);

beforeAll(async () => {
  fake = await startPinterestFake();
  fake.boards = [{ id: BOARD, name: "Recipes", description: "", privacy: "PUBLIC" }];
});
afterAll(() => fake.close());

describe("pinterest stats", () => {
  it("profile: account counts, plus the last 30 days of analytics for business accounts", async () => {
    const reading = await pinterestConnector.profileStats!(ctx(), { auth: auth(), placement: null });
    expect(reading.stats).toEqual({
      follower_count: 12,
      following_count: 3,
      monthly_views: 100,
      pin_count: 0,
      board_count: 1,
    });
    expect(reading.raw).toEqual({
      ...reading.stats,
      IMPRESSION: 40210,
      ENGAGEMENT: 1833,
      ENGAGEMENT_RATE: 0.0456,
      OUTBOUND_CLICK: 402,
      PIN_CLICK: 1204,
      SAVE: 377,
    });
    const query = fake.publishing.analyticsRequests.at(-1)!;
    expect(daysBack(query.get("start_date")!)).toBe(30);

    fake.account.account_type = "PINNER"; // a personal account: analytics refused, counts kept
    const personal = await pinterestConnector.profileStats!(ctx(), { auth: auth(), placement: null });
    fake.account.account_type = "BUSINESS";
    expect(personal).toEqual({ stats: reading.stats, raw: reading.stats });
  });

  it("post: pin analytics over the last 90 days under the normalised names, every metric in raw", async () => {
    const { externalId } = await pinterestConnector.publish!(
      ctx(),
      publishInput(auth(), { media: [publishMedia("image")], params: { format: "pin", board_id: BOARD } }),
    );
    const reading = await pinterestConnector.postStats!(ctx(), {
      auth: auth(),
      placement: null,
      postExternalId: externalId,
      params: {},
    });
    expect(reading).toEqual({
      stats: { impressions: 1520, likes: 23, comments: 6, saved: 45, outbound_clicks: 31 },
      raw: {
        IMPRESSION: 1520,
        OUTBOUND_CLICK: 31,
        PIN_CLICK: 88,
        SAVE: 45,
        SAVE_RATE: 0.0296,
        USER_FOLLOW: 2,
        PROFILE_VISIT: 9,
        TOTAL_COMMENTS: 6,
        TOTAL_REACTIONS: 23,
      },
    });
    const query = fake.publishing.analyticsRequests.at(-1)!;
    expect(daysBack(query.get("start_date")!)).toBe(89);
    expect(query.get("metric_types")!.split(",")).toEqual(
      expect.arrayContaining(["IMPRESSION", "SAVE", "OUTBOUND_CLICK", "TOTAL_COMMENTS", "TOTAL_REACTIONS"]),
    );
    const gone = await pinterestConnector.postStats!(ctx(), {
      auth: auth(),
      placement: null,
      postExternalId: "999",
      params: {},
    }).catch((e: unknown) => e);
    expect(gone).toMatchObject({ kind: "rejected", details: { platformErrorMessage: "Pin not found." } });
  });
});
