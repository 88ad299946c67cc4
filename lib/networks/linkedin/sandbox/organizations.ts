import { digits, type SandboxAccount } from "../../sandbox/simulated";
import {
  ok,
  SIM_RETRY_AFTER_SECONDS,
  type SimFailure,
  type SimHost,
  type SimReply,
} from "../../sandbox/management/wire";

// The sandbox's LinkedIn organization lookups, answered for the real connector's resolve_mention
// (lib/networks/linkedin/mentions.ts): GET /rest/organizations?q=vanityName&vanityName=… and
// GET /rest/organizations/{id}. The simulated LinkedIn knows the account's own organization (its
// placement, vanity name sandbox-<digits>) and three public pages anyone can mention: a company
// (sandbox-acme), its showcase page (sandbox-acme-labs) and a school (sandbox-university).

type Organization = {
  id: number;
  localizedName: string;
  vanityName: string;
  primaryOrganizationType?: string;
  parentRelationship?: { relationshipType: string; parent: string };
};

const PUBLIC: Organization[] = [
  { id: 91000001, localizedName: "Acme Sandbox Corp", vanityName: "sandbox-acme", primaryOrganizationType: "NONE" },
  {
    id: 91000002,
    localizedName: "Acme Labs",
    vanityName: "sandbox-acme-labs",
    primaryOrganizationType: "NONE",
    parentRelationship: { relationshipType: "SHOWCASE", parent: "urn:li:organization:91000001" },
  },
  {
    id: 91000003,
    localizedName: "Sandbox University",
    vanityName: "sandbox-university",
    primaryOrganizationType: "SCHOOL",
  },
];

const notFound = (message: string) => ({ status: 404, body: { status: 404, code: "NOT_FOUND", message } });

// LinkedIn's answers to a tagged request (management/wire.ts): ACCESS_DENIED, a throttled 429 (with a
// Retry-After, which the real LinkedIn leaves out) and a 503.
export const linkedinFailure = (failure: SimFailure): SimReply =>
  failure === "forbidden"
    ? {
        status: 403,
        body: {
          status: 403,
          code: "ACCESS_DENIED",
          serviceErrorCode: 100,
          message: "Not enough permissions to access: organizations.GET.20240101",
        },
      }
    : failure === "rate_limited"
      ? {
          status: 429,
          body: {
            status: 429,
            code: "TOO_MANY_REQUESTS",
            message: "Resource level throttle limit for calls to this resource is reached.",
          },
          headers: { "Retry-After": String(SIM_RETRY_AFTER_SECONDS) },
        }
      : { status: 503, body: { status: 503, code: "SERVICE_UNAVAILABLE", message: "Service Unavailable" } };

export const linkedinOrganizationsHost = (account: SandboxAccount): SimHost => {
  const d = digits(account.id, 8);
  const organizations: Organization[] = [
    {
      id: Number(`7${d}`),
      localizedName: `${account.name} Inc.`,
      vanityName: `sandbox-${d}`,
      primaryOrganizationType: "NONE",
    },
    ...PUBLIC,
  ];
  return async ({ method, url }) => {
    if (method !== "GET") return { status: 405, body: { status: 405, message: "Method not allowed" } };
    const byId = /^\/rest\/organizations\/(\d+)$/.exec(url.pathname);
    if (byId) {
      const found = organizations.find((o) => String(o.id) === byId[1]);
      return found ? ok(found) : notFound(`Organization ${byId[1]} not found`);
    }
    if (url.pathname === "/rest/organizations" && url.searchParams.get("q") === "vanityName") {
      const name = (url.searchParams.get("vanityName") ?? "").toLowerCase();
      return ok({
        elements: organizations.filter((o) => o.vanityName === name),
        paging: { count: 10, start: 0, links: [] },
      });
    }
    return {
      status: 400,
      body: { status: 400, code: "ILLEGAL_ARGUMENT", message: `The sandbox has no ${method} ${url.pathname}` },
    };
  };
};
