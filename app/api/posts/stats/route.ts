import { apiRoute, ok } from "@/lib/api/route";
import { serializePostsStats } from "@/lib/serializers/stats";
import * as contract from "@/lib/contracts/stats";
import { getPostsStats } from "@/lib/services/stats/read-stats";

// GET /api/posts/stats – snapshots of the given posts, per network
export const GET = apiRoute(contract.getPostsStats, async ({ principal, query }) =>
  ok(
    serializePostsStats(
      await getPostsStats({ principal, postIds: query.post_ids, profiles: query.profiles, range: query }),
    ),
  ),
);
