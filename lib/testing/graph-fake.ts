import { afterAll, beforeAll } from "vitest";
import { startGraphFake, type GraphFake } from "@/e2e/fakes/graph";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { FACEBOOK_SCOPES } from "@/lib/networks/facebook";
import { uniqueDigits } from "./comments";
import { seedTenant, setEnv } from "./network-tests";

// The Graph fake for a test file, with a facebook and an instagram app, the connectors pointed at it
// for the file's tests; `graph()` reads it inside them.
export const useGraphFake = (apps = { facebook: "1000000000091", instagram: "2000000000092" }) => {
  let graph: GraphFake;
  beforeAll(async () => {
    graph = await startGraphFake();
    graph.addApp("facebook", apps.facebook, "fb-secret");
    graph.addApp("instagram", apps.instagram, "ig-secret");
    return setEnv({
      NETWORK_FACEBOOK_CLIENT_ID: apps.facebook,
      NETWORK_FACEBOOK_CLIENT_SECRET: "fb-secret",
      NETWORK_FACEBOOK_GRAPH_URL: graph.base("graph.facebook.com"),
      NETWORK_INSTAGRAM_CLIENT_ID: apps.instagram,
      NETWORK_INSTAGRAM_CLIENT_SECRET: "ig-secret",
      NETWORK_INSTAGRAM_GRAPH_URL: graph.base("graph.instagram.com"),
    });
  });
  afterAll(async () => {
    await graph?.close();
  });
  return () => graph;
};

// A tenant with a live facebook profile managing one Page, its tokens issued by the fake with `scopes`.
export const seedFacebookPage = async (graph: GraphFake, scopes = FACEBOOK_SCOPES) => {
  const tenant = await seedTenant();
  const user = uniqueDigits(8);
  const page = uniqueDigits(9);
  graph.addFacebookUser({ id: user, name: "Ada", pages: [{ id: page, name: "Acme Bakery", category: "Bakery" }] });
  const profile = await db.profile.create({
    data: {
      id: newId("profile"),
      accountId: tenant.account.id,
      environment: "live",
      profileGroupId: tenant.group.id,
      platform: "facebook",
      name: "Acme",
      externalId: user,
      accessToken: encryptSecret(graph.issueToken("facebook", user, scopes)),
      placements: {
        create: {
          id: newId("placement"),
          externalId: page,
          name: "Acme Bakery",
          accessToken: encryptSecret(graph.pageToken(user, page, scopes)),
        },
      },
    },
  });
  return { tenant, page, profile };
};
