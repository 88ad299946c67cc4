import "server-only";
import type { Principal } from "@/lib/principal";
import { connectorFor } from "@/lib/networks/registry";
import { getProfileOrThrow, listPlacements } from "@/lib/services/profiles/profiles";

// For the admin's listing and page editors: the profile's placements that have an editor (its network
// manages listings or pages), in the caller's scope (another tenant's profile is not found).

export type EditorKind = "listing" | "page";
export type EditablePlacement = { externalId: string; name: string; kind: EditorKind };

export const editablePlacements = async ({
  principal,
  profileId,
}: {
  principal: Principal;
  profileId: string;
}): Promise<EditablePlacement[]> => {
  const profile = await getProfileOrThrow({ principal, id: profileId });
  const management = connectorFor(profile).management;
  const kind: EditorKind | null = management?.listings ? "listing" : management?.pages ? "page" : null;
  if (!kind) return [];
  const placements = await listPlacements({ principal, id: profileId });
  return placements.flatMap((p) => (p.externalId ? [{ externalId: p.externalId, name: p.name, kind }] : []));
};
