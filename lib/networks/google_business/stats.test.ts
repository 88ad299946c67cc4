import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeLocation, googleApiError, startGoogleFake, type GoogleFake } from "@/testing/fakes/google";
import { contextFor, signIn } from "../google/test-support";
import { googleBusinessConnector } from ".";
import { DAILY_METRICS } from "./stats";

let google: GoogleFake;
let setup: ReturnType<typeof contextFor<ReturnType<typeof googleBusinessConnector.settings.parse>>>;

beforeAll(async () => {
  google = await startGoogleFake();
  setup = contextFor(googleBusinessConnector, google, "google_business");
});
afterAll(() => google?.close());

let n = 0;
const newOwner = async () => {
  const i = ++n;
  const user = google.addUser({
    sub: `gbps-${i}`,
    email: `p${i}@acme.example`,
    name: `P ${i}`,
    accounts: [
      {
        name: `accounts/8${i}`,
        accountName: "Acme",
        type: "PERSONAL",
        locations: [fakeLocation(`60${i}`, "Acme Deli")],
      },
    ],
  });
  const placement = { externalId: `accounts/8${i}/locations/60${i}`, accessToken: null, metadata: {} };
  return { auth: await signIn(googleBusinessConnector, setup.ctx, google, user), placement, locationId: `60${i}` };
};
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

describe("google_business stats", () => {
  it("profile: each metric's value on the latest day with data, under Google's names, from fetchMultiDailyMetricsTimeSeries", async () => {
    const { auth, placement, locationId } = await newOwner();
    const latest = day(4);
    google.business.config.metricValue = (_l, metric, date) => {
      if (date > latest) return undefined; // Google's lag
      if (date < latest) return 1000; // older days must not be read
      return {
        BUSINESS_IMPRESSIONS_MOBILE_MAPS: 120,
        BUSINESS_IMPRESSIONS_DESKTOP_SEARCH: 30,
        CALL_CLICKS: 4,
        WEBSITE_CLICKS: 9,
      }[metric];
    };
    const before = google.requests.length;
    const reading = await googleBusinessConnector.profileStats!(setup.ctx, { auth, placement });
    const expected = {
      BUSINESS_IMPRESSIONS_DESKTOP_MAPS: 0,
      BUSINESS_IMPRESSIONS_DESKTOP_SEARCH: 30,
      BUSINESS_IMPRESSIONS_MOBILE_MAPS: 120,
      BUSINESS_IMPRESSIONS_MOBILE_SEARCH: 0,
      BUSINESS_CONVERSATIONS: 0,
      BUSINESS_DIRECTION_REQUESTS: 0,
      CALL_CLICKS: 4,
      WEBSITE_CLICKS: 9,
      BUSINESS_BOOKINGS: 0,
      BUSINESS_FOOD_ORDERS: 0,
      BUSINESS_FOOD_MENU_CLICKS: 0,
    };
    expect(reading).toEqual({
      stats: { ...expected, date: latest },
      raw: { ...expected, date: latest, location: `locations/${locationId}` },
    });

    const [call] = google.requests.slice(before);
    expect(call!.url.pathname).toBe(
      `/businessprofileperformance.googleapis.com/v1/locations/${locationId}:fetchMultiDailyMetricsTimeSeries`,
    );
    expect(call!.url.searchParams.getAll("dailyMetrics")).toEqual([...DAILY_METRICS]);
    const [sy, sm, sd] = day(14).split("-").map(Number);
    const [ey, em, ed] = day(1).split("-").map(Number);
    expect(Object.fromEntries([...call!.url.searchParams].filter(([k]) => k.startsWith("dailyRange")))).toEqual({
      "dailyRange.startDate.year": String(sy),
      "dailyRange.startDate.month": String(sm),
      "dailyRange.startDate.day": String(sd),
      "dailyRange.endDate.year": String(ey),
      "dailyRange.endDate.month": String(em),
      "dailyRange.endDate.day": String(ed),
    });
  });

  it("profile: no data in the window gives nulls and no date", async () => {
    const { auth, placement } = await newOwner();
    google.business.config.metricValue = () => undefined;
    const { stats } = await googleBusinessConnector.profileStats!(setup.ctx, { auth, placement });
    expect(stats.date).toBeNull();
    expect(stats.CALL_CLICKS).toBeNull();
  });

  it("profile: needs the location placement; Google's errors map (permission, rate limit)", async () => {
    const { auth, placement } = await newOwner();
    await expect(googleBusinessConnector.profileStats!(setup.ctx, { auth, placement: null })).rejects.toMatchObject({
      kind: "rejected",
    });
    await expect(
      googleBusinessConnector.profileStats!(setup.ctx, {
        auth,
        placement: { ...placement, externalId: "accounts/1/locations/999" },
      }),
    ).rejects.toMatchObject({ kind: "rejected", details: { platformErrorCode: "PERMISSION_DENIED" } });
    google.failNext("performance", {
      status: 429,
      headers: { "retry-after": "20" },
      body: googleApiError(429, "RESOURCE_EXHAUSTED", "Quota exceeded", { errorInfo: "RATE_LIMIT_EXCEEDED" }),
    });
    await expect(googleBusinessConnector.profileStats!(setup.ctx, { auth, placement })).rejects.toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 20_000,
    });
  });

  it("the fake refuses a metric outside the DailyMetric enum, or an unknown parameter, with Google's 400 (so a wrong metric cannot pass)", async () => {
    const { auth, locationId } = await newOwner();
    const base = `${setup.ctx.settings.performance_url}/locations/${locationId}:fetchMultiDailyMetricsTimeSeries?dailyRange.startDate.year=2025&dailyRange.startDate.month=1&dailyRange.startDate.day=1&dailyRange.endDate.year=2025&dailyRange.endDate.month=1&dailyRange.endDate.day=2`;
    const get = (query: string) =>
      fetch(`${base}&${query}`, { headers: { authorization: `Bearer ${auth.tokens!.accessToken}` } });
    const res = await get("dailyMetrics=CALL_CLICKS&dailyMetrics=MESSAGING_CLICKS");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: {
        code: 400,
        status: "INVALID_ARGUMENT",
        message: `Invalid value at 'daily_metrics[1]' (type.googleapis.com/google.businessprofileperformance.v1.DailyMetric), "MESSAGING_CLICKS"`,
        details: [
          { "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: [{ field: "daily_metrics[1]" }] },
        ],
      },
    });
    expect((await get("dailyMetrics=CALL_CLICKS&dailyMetric=CALL_CLICKS")).status).toBe(400);
    expect((await get("dailyMetrics=BUSINESS_CONVERSATIONS")).status).toBe(200);
    expect([...DAILY_METRICS]).not.toContain("MESSAGING_CLICKS");
  });

  it("post: none (no current per-post insights endpoint), without calling Google", async () => {
    const { auth, placement } = await newOwner();
    const before = google.requests.length;
    expect(
      await googleBusinessConnector.postStats!(setup.ctx, {
        auth,
        placement,
        postExternalId: `${placement.externalId}/localPosts/1`,
        params: {},
      }),
    ).toBeNull();
    expect(google.requests.length).toBe(before);
  });
});
