import { z } from "zod";
import { readJson } from "../http";
import { NetworkError } from "../errors";
import { invalidRequest, ManagementError, notReachable } from "../management";
import type { MentionLookup } from "../types";
import { mapLinkedInError } from "./errors";
import { at, restHeaders, type LinkedInSettings } from "./settings";

// resolve_mention: a company, showcase or school page (a linkedin.com URL, a vanity name, a numeric id
// or an organization URN) to the organization URN the composer writes as `@[Name](urn)` in a post.
// LinkedIn models all three as organizations: GET /rest/organizations?q=vanityName&vanityName=… (the
// vanity-name finder) or GET /rest/organizations/{id}. Schools carry primaryOrganizationType SCHOOL,
// showcase pages a parentRelationship of type SHOWCASE.

const PAGE_URL = /^(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/(company|showcase|school)\/([^/?#\s]+)/i;
const URN = /^urn:li:organization:(\d+)$/;
const SLUG = /^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u;

const ZOrganization = z
  .object({
    id: z.coerce.number(),
    localizedName: z.string(),
    vanityName: z.string().optional(),
    primaryOrganizationType: z.string().optional(),
    parentRelationship: z
      .object({ relationshipType: z.string().optional(), parent: z.string().optional() })
      .loose()
      .optional(),
  })
  .loose();
type Organization = z.infer<typeof ZOrganization>;

export const parseMentionTarget = (input: string): { id: string } | { vanityName: string } | null => {
  const text = input.trim();
  const urn = URN.exec(text);
  if (urn) return { id: urn[1]! };
  const url = PAGE_URL.exec(text);
  const slug = url ? decodeURIComponent(url[2]!) : text;
  if (/^\d+$/.test(slug)) return { id: slug };
  return SLUG.test(slug) ? { vanityName: slug } : null;
};

// 403 ACCESS_DENIED: the token may not look organizations up (a permission, the spec's 403).
const forbiddenOr = (status: number) => (err: unknown) => {
  throw status === 403 && err instanceof NetworkError
    ? new ManagementError(
        "forbidden",
        [`${err.message} (the connection lacks the permission to look pages up)`],
        err.details,
      )
    : err;
};

const kindOf = (o: Organization) =>
  o.primaryOrganizationType === "SCHOOL"
    ? "school"
    : /SHOWCASE/i.test(o.parentRelationship?.relationshipType ?? "")
      ? "showcase"
      : "company";

export const linkedinMentions: MentionLookup<LinkedInSettings> = {
  resolveMention: async (ctx, { auth, query }) => {
    const target = parseMentionTarget(query);
    if (!target)
      throw invalidRequest("url: not a LinkedIn company, showcase or school page URL, vanity name or organization URN");
    const base = at(ctx.settings.api_url, "/rest/organizations");
    const url =
      "id" in target
        ? `${base}/${target.id}`
        : `${base}?q=vanityName&vanityName=${encodeURIComponent(target.vanityName)}`;
    const res = await ctx.fetch(url, { headers: restHeaders(ctx, auth) });
    if (res.status === 404) {
      await res.body?.cancel();
      throw notReachable("LinkedIn page");
    }
    const body = await readJson<unknown>({ mapError: mapLinkedInError }, res).catch(forbiddenOr(res.status));
    const found =
      "id" in target
        ? ZOrganization.safeParse(body)
        : z
            .object({ elements: z.array(ZOrganization) })
            .transform((b) => b.elements[0])
            .safeParse(body);
    const organization = found.success ? found.data : undefined;
    if (!organization) throw notReachable("LinkedIn page");
    const urn = `urn:li:organization:${organization.id}`;
    const kind = kindOf(organization);
    const name = organization.localizedName;
    return {
      urn,
      name,
      id: String(organization.id),
      type: kind,
      vanity_name: organization.vanityName ?? null,
      url: organization.vanityName ? `https://www.linkedin.com/${kind}/${organization.vanityName}/` : null,
      mention: `@[${name.replace(/[\]\n]/g, " ").slice(0, 200)}](${urn})`,
    };
  },
};
