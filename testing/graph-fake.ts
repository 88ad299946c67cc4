import type { GraphFake } from "@/testing/fakes/graph";
import { FACEBOOK_SCOPES } from "@/lib/networks/facebook";
import { useMetaGraphFake } from "./messaging";
import { seedFacebookPage as seedTenantFacebookPage } from "./messaging-seeds";
import { seedTenant } from "./network-tests";

// The Graph fake for a test file (useMetaGraphFake), with a facebook and an instagram app, the connectors
// pointed at it for the file's tests; `graph()` reads it inside them.
export const useGraphFake = (apps = { facebook: "1000000000091", instagram: "2000000000092" }) => {
  const graph = useMetaGraphFake(
    { id: apps.facebook, secret: "fb-secret" },
    { id: apps.instagram, secret: "ig-secret" },
  );
  return () => graph;
};

// A tenant with a live facebook profile managing one Page, its tokens issued by the fake with `scopes`.
export const seedFacebookPage = async (graph: GraphFake, scopes = FACEBOOK_SCOPES) => {
  const tenant = await seedTenant();
  const { profile, page } = await seedTenantFacebookPage(graph, tenant, { name: "Acme Bakery", scopes });
  return { tenant, page, profile };
};
