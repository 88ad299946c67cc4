import { beforeAll, describe, expect, it } from "vitest";
import * as pageRoute from "@/app/api/profiles/[id]/facebook/page/route";
import * as updatePageRoute from "@/app/api/profiles/[id]/facebook/update_page/route";
import * as resolveRoute from "@/app/api/profiles/[id]/resolve_mention/route";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { seedSandboxTenant } from "@/testing/posts";

// The sandbox's simulated Facebook Pages and LinkedIn organizations through the routes, with a
// sandbox key: seeded page fields, update_page kept in the database and read back, Graph's refusals
// and the spec's errors; resolve_mention of simulated company, showcase and school pages.

type Json = Record<string, any>;
let tenant: Awaited<ReturnType<typeof seedSandboxTenant>>;
let pageId: string;
let secondPageId: string;

beforeAll(async () => {
  tenant = await seedSandboxTenant(["facebook", "linkedin"]);
  [pageId, secondPageId] = tenant.profiles.facebook!.placements.map((p) => p.externalId!).sort() as [string, string];
});

const facebookId = () => tenant.profiles.facebook!.id;
const getPage = (query: Record<string, string>) =>
  callRoute(pageRoute.GET, {
    path: `/api/profiles/${facebookId()}/facebook/page?${new URLSearchParams(query)}`,
    token: tenant.token,
    params: { id: facebookId() },
  });
const updatePage = (body: Json) =>
  callRoute(updatePageRoute.PATCH, {
    path: `/api/profiles/${facebookId()}/facebook/update_page`,
    token: tenant.token,
    body,
    params: { id: facebookId() },
  });

describe("sandbox facebook pages", () => {
  it("the seeded page's fields (unset ones absent on the second page), or the ones asked for", async () => {
    const page = await getPage({ page_id: pageId });
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({
      id: pageId,
      name: "Sandbox facebook Page 1",
      category: "Brand",
      about: expect.any(String),
      website: "https://example.com https://shop.example.com",
      emails: ["hello@example.com"],
      price_range: "$$",
    });
    const second = await getPage({ page_id: secondPageId });
    expect(second.json).toMatchObject({ id: secondPageId, about: expect.any(String) });
    expect(second.json).not.toHaveProperty("price_range");
    expect((await getPage({ page_id: pageId, fields: "name,fan_count" })).json).toEqual({
      id: pageId,
      name: "Sandbox facebook Page 1",
      fan_count: 100,
    });
  });

  it("update_page writes the fields sent, stored for later reads; an empty value clears a field", async () => {
    const res = await updatePage({
      page_id: pageId,
      about: "Edited in the sandbox",
      website: ["https://a.example", "https://b.example"],
      emails: ["a@a.example", "b@a.example"],
      price_range: "$$$",
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: pageId,
      about: "Edited in the sandbox",
      website: "https://a.example https://b.example",
      emails: ["a@a.example", "b@a.example"],
      price_range: "$$$",
    });
    expect(await db.connectorState.count({ where: { profileId: facebookId() } })).toBe(1);
    expect((await updatePage({ page_id: pageId, mission: "" })).status).toBe(200);
    const read = await getPage({ page_id: pageId, fields: "about,mission,price_range" });
    expect(read.json).toEqual({ id: pageId, about: "Edited in the sandbox", price_range: "$$$" });
  });

  it("the spec's errors: page_id 400 / 404, nothing to write 400, about over 255 400, bad price_range or emails 422", async () => {
    expect((await getPage({})).json).toEqual({
      status: 400,
      error: "Bad Request",
      message: "param is missing or the value is empty: page_id",
    });
    expect((await getPage({ page_id: "99999" })).status).toBe(404);
    expect((await updatePage({ page_id: pageId })).status).toBe(400);
    expect((await updatePage({ page_id: pageId, about: "x".repeat(256) })).status).toBe(400);
    expect((await updatePage({ page_id: pageId, price_range: "cheap" })).status).toBe(422);
    expect((await updatePage({ page_id: pageId, emails: ["not an email"] })).status).toBe(422);
    const other = await seedSandboxTenant(["facebook"]);
    const foreign = other.profiles.facebook!.placements[0]!.externalId!;
    expect((await getPage({ page_id: foreign })).status).toBe(404);
  });
});

describe("sandbox linkedin resolve_mention", () => {
  const resolve = (url: string) => {
    const id = tenant.profiles.linkedin!.id;
    return callRoute(resolveRoute.GET, {
      path: `/api/profiles/${id}/resolve_mention?${new URLSearchParams({ url })}`,
      token: tenant.token,
      params: { id },
    });
  };

  it("simulated company, showcase and school pages and the account's own organization; 404 for a page the sandbox does not have", async () => {
    expect((await resolve("https://www.linkedin.com/company/sandbox-acme/")).json).toMatchObject({
      urn: "urn:li:organization:91000001",
      name: "Acme Sandbox Corp",
      type: "company",
      mention: "@[Acme Sandbox Corp](urn:li:organization:91000001)",
    });
    expect((await resolve("linkedin.com/showcase/sandbox-acme-labs")).json).toMatchObject({
      name: "Acme Labs",
      type: "showcase",
    });
    expect((await resolve("sandbox-university")).json).toMatchObject({
      type: "school",
      url: "https://www.linkedin.com/school/sandbox-university/",
    });
    const own = tenant.profiles.linkedin!.placements.find((p) => p.externalId)!;
    expect((await resolve(`urn:li:organization:${own.externalId}`)).json).toMatchObject({
      id: own.externalId,
      name: "Sandbox linkedin Inc.",
    });
    expect((await resolve("https://www.linkedin.com/company/nobody-here")).status).toBe(404);
    expect((await resolve("https://example.com/not linkedin")).status).toBe(400);
  });
});
