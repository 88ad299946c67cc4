import { apiRoute, ok } from "@/lib/api/route";
import { serializeProfileDetail } from "@/lib/serializers/profile";
import { serializeLatestStats } from "@/lib/serializers/stats";
import * as contract from "@/lib/contracts/profiles";
import { deleteProfile, postCountsOf } from "@/lib/services/profiles/profiles";
import { getProfileWithLatestStats } from "@/lib/services/stats/read-stats";

// GET /api/profiles/:id – one profile, with latest_stats and summary_stats
export const GET = apiRoute(contract.getProfile, async ({ principal, params }) => {
  const { profile, stats } = await getProfileWithLatestStats({ principal, id: params.id });
  const counts = await postCountsOf([profile.id]);
  return ok(serializeProfileDetail(profile, serializeLatestStats(stats), { postCount: counts.get(profile.id) ?? 0 }));
});

// DELETE /api/profiles/:id – disconnect and remove a profile
export const DELETE = apiRoute(contract.deleteProfile, async ({ principal, params }) =>
  ok(await deleteProfile({ principal, id: params.id })),
);
