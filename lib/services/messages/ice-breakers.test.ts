import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as iceBreakersRoute from "@/app/api/profiles/[id]/ice_breakers/route";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { seedNetworkProfile, uniqueDigits } from "@/testing/comments";
import { seedTenant, setEnv } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";

// Instagram ice breakers through the Graph fake's messenger_profile: read, replace (at most 4), remove;
// 422 elsewhere; another tenant's profile answers 404.

const IG_APP = { id: "2000000000093", secret: "ig-ice-secret" };
let graph: GraphFake;

beforeAll(async () => {
  graph = await startGraphFake();
  graph.addApp("instagram", IG_APP.id, IG_APP.secret);
  return setEnv({
    NETWORK_INSTAGRAM_CLIENT_ID: IG_APP.id,
    NETWORK_INSTAGRAM_CLIENT_SECRET: IG_APP.secret,
    NETWORK_INSTAGRAM_GRAPH_URL: graph.base("graph.instagram.com"),
  });
});
afterAll(async () => {
  await graph.close();
  await db.$disconnect();
});

const world = async () => {
  const tenant = await seedTenant();
  const { token } = await seedKey({ accountId: tenant.account.id });
  const account = `1784${uniqueDigits(13)}`;
  const scoped = `app-scoped-${uniqueDigits(8)}`;
  graph.addInstagramUser({ id: scoped, user_id: account, username: "acme" });
  const profile = await seedNetworkProfile({ group: tenant.group, platform: "instagram", externalId: account });
  await db.profile.update({
    where: { id: profile.id },
    data: { accessToken: encryptSecret(graph.issueToken("instagram", scoped, ["instagram_business_manage_messages"])) },
  });
  const call = (route: keyof typeof iceBreakersRoute, body?: unknown, id = profile.id, key = token) =>
    callRoute(iceBreakersRoute[route], { path: `/api/profiles/${id}/ice_breakers`, token: key, params: { id }, body });
  return { tenant, token, account, profile, call };
};

const QUESTIONS = [
  { question: "What are your opening hours?", payload: "HOURS" },
  { question: "Do you deliver?", payload: "DELIVERY" },
];

describe("Instagram ice breakers", () => {
  it("POST replaces the set on the network, GET reads it back, DELETE removes it", async () => {
    const w = await world();
    expect((await w.call("GET")).json).toEqual({ ice_breakers: [] });
    expect((await w.call("POST", { ice_breakers: QUESTIONS })).json).toEqual({ success: true });
    expect(graph.messengerProfiles.iceBreakers.get(w.account)).toEqual([
      { call_to_actions: QUESTIONS, locale: "default" },
    ]);
    expect((await w.call("GET")).json).toEqual({ ice_breakers: QUESTIONS });
    await w.call("POST", { ice_breakers: [QUESTIONS[1]] });
    expect((await w.call("GET")).json).toEqual({ ice_breakers: [QUESTIONS[1]] }); // replaced, not added
    expect((await w.call("DELETE")).json).toEqual({ success: true });
    expect(graph.messengerProfiles.iceBreakers.has(w.account)).toBe(false);
  });

  it("more than 4 questions, or none, answer 422 and nothing reaches the network", async () => {
    const w = await world();
    const five = Array.from({ length: 5 }, (_, i) => ({ question: `Q${i}?`, payload: `P${i}` }));
    const res = await w.call("POST", { ice_breakers: five });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.json)).toContain("at most 4");
    expect((await w.call("POST", { ice_breakers: [] })).status).toBe(422);
    expect(graph.messengerProfiles.iceBreakers.has(w.account)).toBe(false);
  });

  it("another network answers 422; another tenant's profile 404", async () => {
    const w = await world();
    const facebook = await seedNetworkProfile({ group: w.tenant.group, platform: "facebook" });
    const refused = await w.call("GET", undefined, facebook.id);
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual(["Ice breakers are not available on Facebook"]);
    const other = await seedTenant();
    const { token } = await seedKey({ accountId: other.account.id });
    expect((await w.call("GET", undefined, w.profile.id, token)).status).toBe(404);
    expect((await w.call("POST", { ice_breakers: QUESTIONS }, w.profile.id, token)).status).toBe(404);
  });
});
