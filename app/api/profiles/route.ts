import { apiRoute, ok } from "@/lib/api/route";
import { serializeProfile } from "@/lib/api/serializers/profile";
import * as contract from "@/lib/contracts/profiles";
import { listProfiles } from "@/lib/services/profiles/profiles";

// GET /api/profiles – profiles the caller can post to (optionally one group's)
export const GET = apiRoute(contract.listProfiles, async ({ principal, query }) =>
  ok({ data: (await listProfiles({ principal, profileGroupId: query.profile_group_id })).map((p) => serializeProfile(p)) }),
);
