import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bucUsageHeader, startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import * as pageRoute from "@/app/api/profiles/[id]/facebook/page/route";
import * as updatePageRoute from "@/app/api/profiles/[id]/facebook/update_page/route";
import { db } from "@/lib/db/client";
import { FACEBOOK_SCOPES } from "@/lib/networks/facebook";
import { facebookPages } from "@/lib/networks/facebook/page-info";
import { startFacebookTestContext } from "@/lib/networks/facebook/test-context";
import { callRoute } from "@/testing/call-route";
import { connectViaOAuth } from "@/testing/connections";
import { seedTenant, setEnv } from "@/testing/network-tests";
import { seedKey, seedProfile } from "@/testing/seed";

// Facebook page management through the routes against the Graph fake: GET …/facebook/page and PATCH
// …/facebook/update_page with the spec's validation and every status of its errors table.

type Json = Record<string, any>;
const CLIENT_ID = "1000000000777";
let fake: GraphFake;
let owner: { profileId: string; token: string; accountId: string; groupId: string };
const PAGE = "30001";

beforeAll(async () => {
  fake = await startGraphFake();
  fake.addApp("facebook", CLIENT_ID, "fb-secret-777");
  fake.addFacebookUser({
    id: "10170001",
    name: "Grace",
    pages: [
      { id: PAGE, name: "Compilers Inc", category: "Software", username: "compilers" },
      { id: "30002", name: "Navy", category: "Community" },
    ],
  });
  const restore = setEnv({
    NETWORK_FACEBOOK_CLIENT_ID: CLIENT_ID,
    NETWORK_FACEBOOK_CLIENT_SECRET: "fb-secret-777",
    NETWORK_FACEBOOK_AUTH_URL: fake.base("www.facebook.com"),
    NETWORK_FACEBOOK_GRAPH_URL: fake.base("graph.facebook.com"),
  });
  const { account, group, principal } = await seedTenant();
  fake.consentAs("facebook", "10170001");
  const { profile } = await connectViaOAuth({
    principal,
    groupId: group.id,
    platform: "facebook",
    consent: fake.consent,
  });
  const { token } = await seedKey({ accountId: account.id });
  owner = { profileId: profile!.id, token, accountId: account.id, groupId: group.id };
  return restore;
});
afterAll(() => fake?.close());

const getPage = (query: Record<string, string>, { token = owner.token, profileId = owner.profileId } = {}) =>
  callRoute(pageRoute.GET, {
    path: `/api/profiles/${profileId}/facebook/page?${new URLSearchParams(query)}`,
    token,
    params: { id: profileId },
  });
const updatePage = (body: Json, { token = owner.token, profileId = owner.profileId } = {}) =>
  callRoute(updatePageRoute.PATCH, {
    path: `/api/profiles/${profileId}/facebook/update_page`,
    token,
    body,
    params: { id: profileId },
  });

describe("facebook page management", () => {
  it("GET page: the spec's fields (unset ones absent), or the ones asked for; page_id 400 / 404", async () => {
    const res = await getPage({ page_id: PAGE });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: PAGE,
      name: "Compilers Inc",
      username: "compilers",
      category: "Software",
      link: "https://www.facebook.com/compilers",
    });
    expect(res.json).not.toHaveProperty("about");
    const asked = fake.requests.filter((r) => r.path === PAGE && r.method === "GET").at(-1)!;
    expect(asked.query.fields!.split(",")).toEqual(
      expect.arrayContaining(["about", "emails", "impressum", "price_range", "fan_count"]),
    );
    expect((await getPage({ page_id: PAGE, fields: "name,fan_count" })).json).toEqual({
      id: PAGE,
      name: "Compilers Inc",
      fan_count: expect.any(Number),
    });

    expect((await getPage({})).json).toEqual({
      status: 400,
      error: "Bad Request",
      message: "param is missing or the value is empty: page_id",
    });
    expect((await getPage({ page_id: PAGE, fields: "name,secret" })).status).toBe(400);
    expect((await getPage({ page_id: "99999" })).status).toBe(404);
  });

  it("PATCH update_page: writes only the fields sent, website space-separated, emails as an array; the answer and a later read show them", async () => {
    const res = await updatePage({
      page_id: PAGE,
      about: "We write compilers.",
      website: ["https://compilers.example", "https://blog.compilers.example"],
      emails: ["hi@compilers.example"],
      price_range: "$$",
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: PAGE,
      name: "Compilers Inc",
      about: "We write compilers.",
      website: "https://compilers.example https://blog.compilers.example",
      emails: ["hi@compilers.example"],
      price_range: "$$",
    });
    const post = fake.requests.filter((r) => r.path === PAGE && r.method === "POST").at(-1)!;
    expect(
      Object.keys(post.form)
        .filter((k) => !["access_token", "appsecret_proof"].includes(k))
        .sort(),
    ).toEqual(["about", "emails", "price_range", "website"]);
    expect(post.form.emails).toBe('["hi@compilers.example"]');
    await updatePage({ page_id: PAGE, mission: "Fewer bugs" });
    expect((await getPage({ page_id: PAGE, fields: "about,mission" })).json).toEqual({
      id: PAGE,
      about: "We write compilers.",
      mission: "Fewer bugs",
    });
  });

  it("400: no updatable field, about over 255 characters, page_id missing; 422: bad price_range, emails, website; 404 another page", async () => {
    expect((await updatePage({ page_id: PAGE })).status).toBe(400);
    expect((await updatePage({ page_id: PAGE, name: "Renamed" })).status).toBe(400); // name is not updatable: nothing to write
    const long = await updatePage({ page_id: PAGE, about: "x".repeat(256) });
    expect(long.status).toBe(400);
    expect(long.json.message).toContain("255");
    expect((await updatePage({ about: "x" })).json).toEqual({
      status: 400,
      error: "Bad Request",
      message: "param is missing or the value is empty: page_id",
    });
    expect((await updatePage({ page_id: PAGE, price_range: "cheap" })).status).toBe(422);
    expect((await updatePage({ page_id: PAGE, emails: "hi@compilers.example" })).status).toBe(422);
    expect((await updatePage({ page_id: PAGE, website: "compilers dot example" })).status).toBe(422);
    expect((await updatePage({ page_id: "99999", about: "x" })).status).toBe(404);
  });

  it("403 when the page token lacks the permission, 429 with Retry-After when Facebook rate-limits, 502 when it fails, 422 when the token is dead", async () => {
    fake.failNext({
      host: "graph.facebook.com",
      path: PAGE,
      status: 403,
      error: { message: "(#200) Requires pages_manage_metadata permission to manage the object", code: 200 },
    });
    const forbidden = await updatePage({ page_id: PAGE, about: "x" });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json).toMatchObject({
      error: expect.stringContaining("pages_manage_metadata"),
      error_details: { platform_error_code: "200" },
    });

    fake.failNext({
      host: "graph.facebook.com",
      path: PAGE,
      status: 400,
      error: { message: "(#32) Page request limit reached", code: 32 },
      headers: bucUsageHeader(PAGE, 7),
    });
    const limited = await updatePage({ page_id: PAGE, about: "x" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe(String(7 * 60));

    fake.failNext({
      host: "graph.facebook.com",
      path: PAGE,
      status: 500,
      error: { message: "An unexpected error has occurred.", code: 2, is_transient: true },
    });
    expect((await getPage({ page_id: PAGE })).status).toBe(502);

    fake.failNext({
      host: "graph.facebook.com",
      path: PAGE,
      status: 400,
      error: { message: "Error validating access token", code: 190, error_subcode: 460 },
    });
    const dead = await getPage({ page_id: PAGE });
    expect(dead.status).toBe(422);
    expect(dead.json.errors).toEqual([expect.stringContaining("re-authentication")]);
  });

  it("422 on a non-facebook profile or a disconnected one; another tenant's profile 404", async () => {
    const group = { id: owner.groupId, accountId: owner.accountId, environment: "live" as const };
    const bluesky = await seedProfile({ group });
    const wrong = await getPage({ page_id: PAGE }, { profileId: bluesky.id });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors).toEqual([expect.stringContaining("no page management")]);
    const other = await seedTenant();
    const { token: foreign } = await seedKey({ accountId: other.account.id });
    expect((await getPage({ page_id: PAGE }, { token: foreign })).status).toBe(404);

    await db.profile.update({ where: { id: owner.profileId }, data: { status: "disconnected" } });
    try {
      const disconnected = await updatePage({ page_id: PAGE, about: "x" });
      expect(disconnected.status).toBe(422);
      expect(disconnected.json.errors).toEqual([expect.stringContaining("re-authentication")]);
    } finally {
      await db.profile.update({ where: { id: owner.profileId }, data: { status: "active" } });
    }
  });

  it("the Graph fake refuses a page write without pages_manage_metadata and unknown parameters (the connector maps them to 403 / 422)", async () => {
    const ctx = await startFacebookTestContext({ userId: "10180001", pages: [{ id: "40001", name: "P" }] });
    try {
      const noScope = ctx.fake.pageToken(
        "10180001",
        "40001",
        FACEBOOK_SCOPES.filter((s) => s !== "pages_manage_metadata"),
      );
      const placement = { externalId: "40001", accessToken: noScope, metadata: {} };
      const auth = { externalId: "10180001", tokens: null, credentials: null, metadata: {} };
      await expect(
        facebookPages.updatePage(ctx.ctx, { auth, placement, values: { about: "x" }, fields: ["about"] }),
      ).rejects.toMatchObject({ kind: "forbidden" });
      const withScope = { ...placement, accessToken: ctx.pageToken };
      await expect(
        facebookPages.updatePage(ctx.ctx, {
          auth,
          placement: withScope,
          values: { tagline: "x" },
          fields: ["tagline"],
        }),
      ).rejects.toMatchObject({
        kind: "unprocessable",
        details: { platformErrorCode: "100" },
      });
    } finally {
      await ctx.fake.close();
    }
  });
});
