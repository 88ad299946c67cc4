"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { PLACEMENT_PARAM } from "@/lib/networks/platforms";
import { useEnvironment } from "@/lib/query/environment";
import { request } from "@/lib/query/fetcher";
import { profileKeys } from "@/lib/query/profiles";
import type { TPlatform } from "@/lib/schemas/common";
import { ZCreatePostBody } from "@/lib/schemas/posts";
import type { TPlacement, TProfile } from "@/lib/schemas/profiles";
import { draftMediaEntries, paramsOf, requestBody, type TComposerValues } from "./composer-values";
import { canPostTo, checkNetwork, draftMediaOf, postRulesOf, type TNetworkCheck } from "./rules";

export type TPlacementsState = { data: TPlacement[] | undefined; isPending: boolean; isError: boolean };
export type TChosenCheck = { profile: TProfile; placements: TPlacementsState; check: TNetworkCheck | null };

const NO_PLACEMENTS: TPlacementsState = { data: [], isPending: false, isError: false };

// What the composer shows and checks: the group's profiles that take posts (active, not WhatsApp), the
// placements of the chosen ones (same cache entries as the group page), and each chosen network's live
// verdict from its own rules.
export const useComposerData = (values: TComposerValues, files: File[]) => {
  const { environment } = useEnvironment();
  const groupId = values.profile_group_id;

  const profiles = useQuery({
    queryKey: profileKeys.list(environment, groupId),
    queryFn: ({ signal }) =>
      request<{ data: TProfile[] }>(`/api/profiles?profile_group_id=${encodeURIComponent(groupId)}`, {
        environment,
        signal,
      }),
    select: (res) => res.data.filter((p) => p.status === "active" && canPostTo(p.platform)),
    enabled: groupId !== "",
  });

  const chosen = (profiles.data ?? []).filter((p) => values.profiles.includes(p.id));
  const withPlacements = chosen.filter((p) => PLACEMENT_PARAM[p.platform]);
  const placementQueries = useQueries({
    queries: withPlacements.map((p) => ({
      queryKey: profileKeys.placements(environment, p.id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        request<{ data: TPlacement[] }>(`/api/profiles/${encodeURIComponent(p.id)}/placements`, {
          environment,
          signal,
        }),
      select: (res: { data: TPlacement[] }) => res.data,
    })),
  });
  const placementsOf = (profileId: string): TPlacementsState => {
    const i = withPlacements.findIndex((p) => p.id === profileId);
    const q = i === -1 ? undefined : placementQueries[i];
    return q ? { data: q.data, isPending: q.isPending, isError: q.isError } : NO_PLACEMENTS;
  };

  const media = draftMediaOf(draftMediaEntries(values, files));
  const checks: TChosenCheck[] = chosen.map((profile) => {
    const placements = placementsOf(profile.id);
    const rules = postRulesOf(profile.platform)!;
    if (placements.isPending) return { profile, placements, check: null };
    const check = checkNetwork(rules, {
      body: values.body,
      media,
      params: paramsOf(profile.platform, values),
      // The API keeps the connection date private; the profile's creation is the closest public date.
      profile: { connectedAt: new Date(profile.created_at), placementIds: (placements.data ?? []).map((p) => p.id) },
    });
    return { profile, placements, check };
  });

  // The request body against the schema the API parses it with (sizes, URLs, counts).
  const parsed = ZCreatePostBody.safeParse(
    requestBody(
      values,
      chosen.map((p) => ({ id: p.id, platform: p.platform })),
    ),
  );
  // Profiles and media URLs have their own messages.
  const bodyIssues = parsed.success
    ? []
    : parsed.error.issues
        .filter((i) => i.path[0] !== "profiles" && i.path[0] !== "media")
        .map((i) => `${i.path.join(".")}: ${i.message}`);

  const networksWithIssues: TPlatform[] = checks
    .filter((c) => c.check && c.check.issues.length > 0)
    .map((c) => c.profile.platform);
  return { profiles, chosen, checks, bodyIssues, networksWithIssues };
};
