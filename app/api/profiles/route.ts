import { apiRoute, ok } from "@/lib/api/route";
import { serializeProfile } from "@/lib/serializers/profile";
import * as contract from "@/lib/contracts/profiles";
import { listProfiles, postCountsOf } from "@/lib/services/profiles/profiles";

// GET /api/profiles – profiles the caller can post to (optionally one group's)
export const GET = apiRoute(contract.listProfiles, async ({ principal, query }) => {
  const profiles = await listProfiles({ principal, profileGroupId: query.profile_group_id });
  const counts = await postCountsOf(profiles.map((p) => p.id));
  return ok({ data: profiles.map((p) => serializeProfile(p, { postCount: counts.get(p.id) ?? 0 })) });
});
