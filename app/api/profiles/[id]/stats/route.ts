import { apiRoute, ok } from "@/lib/api/route";
import { serializeProfileStats } from "@/lib/serializers/stats";
import * as contract from "@/lib/contracts/stats";
import { getProfileStats } from "@/lib/services/stats/read-stats";

// GET /api/profiles/:id/stats – the profile's stat snapshots
export const GET = apiRoute(contract.getProfileStats, async ({ principal, params, query }) =>
  ok(
    serializeProfileStats(
      await getProfileStats({ principal, id: params.id, placementId: query.placement_id, range: query }),
    ),
  ),
);
