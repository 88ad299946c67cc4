import { apiRoute, ok } from "@/lib/api/route";
import { serializeDailyStats } from "@/lib/serializers/stats";
import * as contract from "@/lib/contracts/stats";
import { getDailyStats } from "@/lib/services/stats/read-stats";

// GET /api/profiles/:id/daily_stats – one entry per day
export const GET = apiRoute(contract.getDailyStats, async ({ principal, params, query }) =>
  ok(
    serializeDailyStats(
      await getDailyStats({ principal, id: params.id, placementId: query.placement_id, range: query }),
    ),
  ),
);
