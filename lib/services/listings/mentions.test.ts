import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLinkedInFake, type LinkedInFake } from "@/testing/fakes/linkedin";
import * as resolveRoute from "@/app/api/profiles/[id]/resolve_mention/route";
import { littleText } from "@/lib/networks/linkedin/little-text";
import { callbackUrl } from "@/lib/services/connections/callback-url";
import { callRoute } from "@/testing/call-route";
import { connectViaOAuth } from "@/testing/connections";
import { seedTenant, setEnv } from "@/testing/network-tests";
import { seedKey, seedProfile } from "@/testing/seed";

// GET /api/profiles/:id/resolve_mention on a linkedin profile, against the LinkedIn fake's organization
// lookup (vanity-name finder and GET by id): company, showcase and school pages.

let fake: LinkedInFake;
let owner: { profileId: string; token: string; group: { id: string; accountId: string; environment: "live" } };

beforeAll(async () => {
  fake = await startLinkedInFake({ redirectUris: [callbackUrl("linkedin")] });
  fake.pages.push(
    { id: 1035, localizedName: "Acme Corp", vanityName: "acme", kind: "company" },
    { id: 2044, localizedName: "Acme [Labs]", vanityName: "acme-labs", kind: "showcase", parent: 1035 },
    { id: 3055, localizedName: "Springfield University", vanityName: "springfield-u", kind: "school" },
  );
  const restore = setEnv({
    NETWORK_LINKEDIN_CLIENT_ID: fake.clientId,
    NETWORK_LINKEDIN_CLIENT_SECRET: fake.clientSecret,
    NETWORK_LINKEDIN_WEB_URL: fake.url,
    NETWORK_LINKEDIN_API_URL: fake.url,
  });
  const t = await seedTenant();
  const { profile } = await connectViaOAuth({
    principal: t.principal,
    groupId: t.group.id,
    platform: "linkedin",
    consent: fake.consent,
  });
  const { token } = await seedKey({ accountId: t.account.id });
  owner = { profileId: profile!.id, token, group: { id: t.group.id, accountId: t.account.id, environment: "live" } };
  return restore;
});
afterAll(() => fake?.close());

const resolve = (url: string | null, { profileId = owner.profileId, token = owner.token } = {}) =>
  callRoute(resolveRoute.GET, {
    path: `/api/profiles/${profileId}/resolve_mention${url === null ? "" : `?url=${encodeURIComponent(url)}`}`,
    token,
    params: { id: profileId },
  });

describe("GET /api/profiles/:id/resolve_mention", () => {
  it("company, showcase and school page URLs, slugs, ids and URNs resolve to {urn, name, …} and a ready mention", async () => {
    const company = await resolve("https://www.linkedin.com/company/acme/about/");
    expect(company).toMatchObject({
      status: 200,
      json: {
        urn: "urn:li:organization:1035",
        name: "Acme Corp",
        id: "1035",
        type: "company",
        vanity_name: "acme",
        url: "https://www.linkedin.com/company/acme/",
        mention: "@[Acme Corp](urn:li:organization:1035)",
      },
    });
    const lookup = fake.restRequests.at(-1)!;
    expect(lookup).toMatchObject({
      path: "/rest/organizations",
      rawQuery: "q=vanityName&vanityName=acme",
      version: expect.stringMatching(/^\d{6}$/),
    });
    const showcase = (await resolve("linkedin.com/showcase/acme-labs")).json;
    expect(showcase).toMatchObject({
      urn: "urn:li:organization:2044",
      type: "showcase",
      mention: "@[Acme [Labs ](urn:li:organization:2044)",
    });
    // The publisher keeps it a mention (a "]" in the name would end it, so it became a space).
    expect(littleText(String(showcase.mention))).toBe("@[Acme \\[Labs ](urn:li:organization:2044)");
    expect((await resolve("https://uk.linkedin.com/school/springfield-u")).json).toMatchObject({
      urn: "urn:li:organization:3055",
      name: "Springfield University",
      type: "school",
    });
    expect((await resolve("acme")).json).toMatchObject({ urn: "urn:li:organization:1035" });
    expect((await resolve("urn:li:organization:3055")).json).toMatchObject({ name: "Springfield University" });
    expect((await resolve("https://www.linkedin.com/company/2044")).json).toMatchObject({ name: "Acme [Labs]" });
    expect(fake.restRequests.at(-1)!.path).toBe("/rest/organizations/2044");
  });

  it("404 for a page LinkedIn does not have; 400 without url or for something that is no page; 422 on another network; another tenant 404", async () => {
    expect((await resolve("https://www.linkedin.com/company/nobody-here")).status).toBe(404);
    expect((await resolve("urn:li:organization:999")).status).toBe(404);
    expect((await resolve(null)).json).toEqual({
      status: 400,
      error: "Bad Request",
      message: "param is missing or the value is empty: url",
    });
    expect((await resolve("https://example.com/not linkedin")).status).toBe(400);
    const bluesky = await seedProfile({ group: owner.group });
    const other = await resolve("acme", { profileId: bluesky.id });
    expect(other.status).toBe(422);
    expect(other.json.errors).toEqual([expect.stringContaining("no mention lookups")]);
    const stranger = await seedTenant();
    const { token } = await seedKey({ accountId: stranger.account.id });
    expect((await resolve("acme", { token })).status).toBe(404);
  });
});
