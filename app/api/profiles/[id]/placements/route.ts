import { apiRoute, ok } from "@/lib/api/route";
import { serializePlacement } from "@/lib/serializers/profile";
import * as contract from "@/lib/contracts/profiles";
import { listPlacements } from "@/lib/services/profiles/profiles";

// GET /api/profiles/:id/placements – pages, organizations, channels, locations, boards, numbers
export const GET = apiRoute(contract.listPlacements, async ({ principal, params }) =>
  ok({ data: (await listPlacements({ principal, id: params.id })).map(serializePlacement) }),
);
