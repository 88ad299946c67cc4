import type { TPlatform } from "@/lib/schemas/common";
import type { AnyConnector, ConnectorContext, ConnectorStore, Management, ProfileAuth } from "../../types";
import { sandboxProfile } from "../../sandboxes";
import type { SandboxAccount } from "../accounts";
import { failureTagged, simulatedFetch } from "./wire";

// Listing, page and mention management on the sandbox network: the platform's real management methods
// run unchanged (the same validation, gates, error mapping and answers), with the network's default
// settings and a ctx.fetch that hands their calls to the simulated hosts of the sandbox account
// (wire.ts). The simulated state (locations, pages) lives in ctx.store, the profile's connector store,
// so an edit is seen by a later read in any app process. A request carrying one of the failure tags
// (wire.ts) is answered with the network's own error instead, so the connector maps it as it would
// the real network's.

type Ctx = ConnectorContext<Record<string, unknown>>;

const missing = () => {
  throw new Error("The sandbox keeps simulated listings and pages in ctx.store; this caller gave none");
};
const NO_STORE: ConnectorStore = { get: missing, set: missing, update: missing };

// The method's input: the auth, a placement for listings and pages, and what the caller asked for.
type Input = {
  auth: ProfileAuth;
  placement?: { externalId: string | null; accessToken: string | null; metadata: Record<string, unknown> };
} & Record<string, unknown>;
type Method = (ctx: Ctx, input: Input) => Promise<unknown>;

export const sandboxManagement = (
  platform: TPlatform,
  real: AnyConnector | undefined,
  accountFrom: (auth: ProfileAuth) => SandboxAccount,
): Management<Record<string, unknown>> | undefined => {
  const simulation = sandboxProfile(platform).management; // the network's simulated hosts (sandbox-profile.ts)
  if (!simulation || !real?.management) return undefined;
  // The real endpoints (the defaults); the simulated hosts answer in their place.
  const settings = real.settings.parse({ client_id: "sandbox", client_secret: "sandbox" });
  const simulated = (ctx: Ctx, { auth, placement: _placement, ...request }: Input): Ctx => {
    const tagged = failureTagged(request);
    const hosts = simulation.hosts(accountFrom(auth), ctx.store ?? NO_STORE);
    return { ...ctx, settings, fetch: simulatedFetch(hosts, tagged ? simulation.failure(tagged) : undefined) };
  };
  // Sandbox placements carry no token of their own (a facebook Page token): they act with the account's.
  const withToken = (input: Input): Input =>
    input.placement && !input.placement.accessToken
      ? { ...input, placement: { ...input.placement, accessToken: input.auth.tokens?.accessToken ?? null } }
      : input;
  const wrap = <T extends object>(capability: T | undefined): T | undefined =>
    capability &&
    (Object.fromEntries(
      Object.entries(capability as Record<string, Method>).map(([name, method]) => [
        name,
        (ctx: Ctx, input: Input) => method(simulated(ctx, input), withToken(input)),
      ]),
    ) as T);
  const { listings, pages, mentions } = real.management;
  return { listings: wrap(listings), pages: wrap(pages), mentions: wrap(mentions) };
};
