import { apiRoute, ok } from "@/lib/api/route";
import { asNetworkResource } from "@/lib/serializers/network-resource";
import * as contract from "@/lib/contracts/mentions";
import { ZResolvedMention } from "@/lib/schemas/mentions";
import { resolveMention } from "@/lib/services/listings/mentions";

// GET /api/profiles/:id/resolve_mention – a LinkedIn page URL or slug to {urn, name, …}
export const GET = apiRoute(contract.resolveMention, async ({ principal, params, query }) =>
  ok(asNetworkResource(ZResolvedMention, await resolveMention({ principal, profileId: params.id, url: query.url }))),
);
