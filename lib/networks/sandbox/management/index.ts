import type { TPlatform } from "@/lib/schemas/common";
import type { AnyConnector, ConnectorContext, ConnectorStore, Management, ProfileAuth } from "../../types";
import type { SandboxAccount } from "../accounts";
import { graphPageHost } from "../facebook/page";
import { googleBusinessHosts } from "../google_business/server";
import { linkedinOrganizationsHost } from "../linkedin/organizations";
import { simulatedFetch, type SimHost } from "./wire";

// Listing, page and mention management on the sandbox network: the platform's real management methods
// run unchanged (the same validation, gates, error mapping and answers), with the network's default
// settings and a ctx.fetch that hands their calls to the simulated hosts of the sandbox account
// (wire.ts). The simulated state (locations, pages) lives in ctx.store, the profile's connector store,
// so an edit is seen by a later read in any app process.

type Ctx = ConnectorContext<Record<string, unknown>>;
type Hosts = (account: SandboxAccount, store: ConnectorStore) => Record<string, SimHost>;

const SIMULATED: Partial<Record<TPlatform, Hosts>> = {
  google_business: googleBusinessHosts,
  facebook: (account, store) => ({ "graph.facebook.com": graphPageHost(account, store) }),
  linkedin: (account) => ({ "api.linkedin.com": linkedinOrganizationsHost(account) }),
};

const missing = () => {
  throw new Error("The sandbox keeps simulated listings and pages in ctx.store; this caller gave none");
};
const NO_STORE: ConnectorStore = { get: missing, set: missing, update: missing };

type Input = { auth: ProfileAuth; placement?: { externalId: string | null; accessToken: string | null; metadata: Record<string, unknown> } };
type Method = (ctx: Ctx, input: Input) => Promise<unknown>;

export const sandboxManagement = (platform: TPlatform, real: AnyConnector | undefined, accountFrom: (auth: ProfileAuth) => SandboxAccount): Management<Record<string, unknown>> | undefined => {
  const hosts = SIMULATED[platform];
  if (!hosts || !real?.management) return undefined;
  // The real endpoints (the defaults); the simulated hosts answer in their place.
  const settings = real.settings.parse({ client_id: "sandbox", client_secret: "sandbox" });
  const simulated = (ctx: Ctx, auth: ProfileAuth): Ctx => ({ ...ctx, settings, fetch: simulatedFetch(hosts(accountFrom(auth), ctx.store ?? NO_STORE)) });
  // Sandbox placements carry no token of their own (a facebook Page token): they act with the account's.
  const withToken = (input: Input): Input =>
    input.placement && !input.placement.accessToken ? { ...input, placement: { ...input.placement, accessToken: input.auth.tokens?.accessToken ?? null } } : input;
  const wrap = <T extends object>(capability: T | undefined): T | undefined =>
    capability &&
    (Object.fromEntries(
      Object.entries(capability as Record<string, Method>).map(([name, method]) => [name, (ctx: Ctx, input: Input) => method(simulated(ctx, input.auth), withToken(input))]),
    ) as T);
  const { listings, pages, mentions } = real.management;
  return { listings: wrap(listings), pages: wrap(pages), mentions: wrap(mentions) };
};
