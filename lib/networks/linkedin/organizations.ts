import { readJson } from "../http";
import type { PlacementInfo, ProfileAuth } from "../types";
import { mapLinkedInError } from "./errors";
import { at, restHeaders, type LinkedInCtx } from "./settings";

// Organizations (company pages) the member administers: the organizationAcls roleAssignee finder
// (paged with start/count), then their names from a batch GET of /rest/organizations. Both are Rest.li
// 2.0 calls: `List(…)` must reach LinkedIn unencoded, which URLSearchParams would not do.

const ORGANIZATION_SCOPES = [
  "rw_organization_admin",
  "r_organization_admin",
  "w_organization_social",
  "r_organization_social",
];
const PAGE_SIZE = 100;
const MAX_PAGES = 20;
const BATCH_SIZE = 50;

type Acl = { organization?: string; organizationTarget?: string; role?: string; state?: string };
type AclPage = { elements?: Acl[]; paging?: { start?: number; count?: number; total?: number } };
type Organization = { id?: number; localizedName?: string; vanityName?: string };

const errors = { mapError: mapLinkedInError };
const organizationId = (urn: string | undefined) => /^urn:li:organization:(\d+)$/.exec(urn ?? "")?.[1] ?? null;

// null: the member's grant does not cover organizations (a 403 from the finder).
const administeredIds = async (ctx: LinkedInCtx, auth: ProfileAuth): Promise<string[] | null> => {
  const ids: string[] = [];
  for (let page = 0, start = 0; page < MAX_PAGES; page++) {
    const url = `${at(ctx.settings.api_url, "/rest/organizationAcls")}?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED&start=${start}&count=${PAGE_SIZE}`;
    const res = await ctx.fetch(url, { headers: restHeaders(ctx, auth) });
    if (res.status === 403) {
      await res.body?.cancel();
      return null;
    }
    const body = await readJson<AclPage>(errors, res);
    const elements = body?.elements ?? [];
    for (const acl of elements) {
      const id = organizationId(acl.organization ?? acl.organizationTarget);
      if (id && !ids.includes(id)) ids.push(id);
    }
    start += elements.length;
    const total = body?.paging?.total;
    if (elements.length < PAGE_SIZE || (typeof total === "number" && start >= total)) break;
  }
  return ids;
};

const organizationsById = async (ctx: LinkedInCtx, auth: ProfileAuth, ids: string[]) => {
  const found = new Map<string, Organization>();
  for (let i = 0; i < ids.length; i += BATCH_SIZE) {
    const url = `${at(ctx.settings.api_url, "/rest/organizations")}?ids=List(${ids.slice(i, i + BATCH_SIZE).join(",")})`;
    const res = await ctx.fetch(url, { headers: restHeaders(ctx, auth) });
    if (res.status === 403) {
      await res.body?.cancel();
      continue; // names stay unknown; the ids are still usable
    }
    const body = await readJson<{ results?: Record<string, Organization> }>(errors, res);
    for (const [id, organization] of Object.entries(body?.results ?? {})) found.set(id, organization);
  }
  return found;
};

export const organizationPlacements = async (ctx: LinkedInCtx, auth: ProfileAuth): Promise<PlacementInfo[]> => {
  const granted = auth.tokens?.scopes ?? [];
  if (granted.length > 0 && !granted.some((s) => ORGANIZATION_SCOPES.includes(s))) return [];
  const ids = await administeredIds(ctx, auth);
  if (!ids || ids.length === 0) return [];
  const organizations = await organizationsById(ctx, auth, ids);
  return ids.map((id) => {
    const organization = organizations.get(id);
    return {
      externalId: id,
      name: organization?.localizedName || `Organization ${id}`,
      avatarUrl: null,
      metadata: {
        type: "organization",
        urn: `urn:li:organization:${id}`,
        ...(organization?.vanityName && { vanity_name: organization.vanityName }),
      },
    };
  });
};
