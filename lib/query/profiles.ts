import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { TEnvironment, TPlatform } from "@/lib/schemas/common";
import type { TPlacement, TProfile, ZInitializeConnectionResponse } from "@/lib/schemas/profiles";
import { useEnvironment } from "./environment";
import { request } from "./fetcher";
import { profileGroupKeys } from "./profile-groups";

export type TInitializeConnectionResult = z.infer<typeof ZInitializeConnectionResponse>;
// OAuth networks: `redirect_url` (+ twitter developer keys, whatsapp onboarding); form networks: their
// credential fields. Empty optional fields are left out by the dialogs.
export type TConnectInput = { platform: TPlatform; redirect_url?: string } & Record<string, string | undefined>;

export const profileKeys = {
  all: ["profiles"] as const,
  lists: () => [...profileKeys.all, "list"] as const,
  list: (environment: TEnvironment, groupId: string) => [...profileKeys.lists(), environment, groupId] as const,
  placements: (environment: TEnvironment, profileId: string) =>
    [...profileKeys.all, "placements", environment, profileId] as const,
};

const profilePath = (id: string) => `/api/profiles/${encodeURIComponent(id)}`;

export const useProfiles = (groupId: string) => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: profileKeys.list(environment, groupId),
    queryFn: ({ signal }) =>
      request<{ data: TProfile[] }>(`/api/profiles?profile_group_id=${encodeURIComponent(groupId)}`, {
        environment,
        signal,
      }),
    select: (res) => res.data,
  });
};

export const usePlacements = (profileId: string, { enabled }: { enabled: boolean }) => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: profileKeys.placements(environment, profileId),
    queryFn: ({ signal }) =>
      request<{ data: TPlacement[] }>(`${profilePath(profileId)}/placements`, { environment, signal }),
    select: (res) => res.data,
    enabled,
  });
};

// The group's profile list and counts change when a form network connects at once. OAuth starts
// change nothing yet: the browser leaves for the consent page and the group page reloads on return.
export const useInitializeConnection = (groupId: string) => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TConnectInput) =>
      request<TInitializeConnectionResult>(`/api/profile_groups/${encodeURIComponent(groupId)}/initialize_connection`, {
        method: "POST",
        body: input,
        environment,
      }),
    onSuccess: async (result) => {
      if (!result.profile) return;
      // A reconnected profile keeps its id: its placements may have changed.
      queryClient.removeQueries({ queryKey: profileKeys.placements(environment, result.profile.id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.list(environment, groupId) }),
        queryClient.invalidateQueries({ queryKey: profileGroupKeys.list(environment) }),
        queryClient.invalidateQueries({ queryKey: profileGroupKeys.detail(environment, groupId) }),
      ]);
    },
  });
};

export const useDisconnectProfile = () => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: Pick<TProfile, "id" | "profile_group_id">) =>
      request<{ success: boolean }>(profilePath(profile.id), { method: "DELETE", environment }),
    // Its placements go with it; the group's profile count drops.
    onSuccess: async (_res, { id, profile_group_id: groupId }) => {
      queryClient.removeQueries({ queryKey: profileKeys.placements(environment, id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.list(environment, groupId) }),
        queryClient.invalidateQueries({ queryKey: profileGroupKeys.list(environment) }),
        queryClient.invalidateQueries({ queryKey: profileGroupKeys.detail(environment, groupId) }),
      ]);
    },
  });
};
