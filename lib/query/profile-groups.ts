import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TEnvironment } from "@/lib/schemas/common";
import type { TCreateProfileGroupBody, TProfileGroup } from "@/lib/schemas/profile-groups";
import { apiKeyKeys } from "./api-keys";
import { useEnvironment } from "./environment";
import { request } from "./fetcher";

export const profileGroupKeys = {
  all: ["profile-groups"] as const,
  lists: () => [...profileGroupKeys.all, "list"] as const,
  list: (environment: TEnvironment) => [...profileGroupKeys.lists(), environment] as const,
};

export const useProfileGroups = () => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: profileGroupKeys.list(environment),
    queryFn: ({ signal }) => request<{ data: TProfileGroup[] }>("/api/profile_groups", { environment, signal }),
    select: (res) => res.data,
  });
};

export const useCreateProfileGroup = () => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateProfileGroupBody) =>
      request<TProfileGroup>("/api/profile_groups", { method: "POST", body: { profile_group: input }, environment }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileGroupKeys.list(environment) }),
  });
};

export const useDeleteProfileGroup = () => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<{ deleted: boolean }>(`/api/profile_groups/${encodeURIComponent(id)}`, { method: "DELETE", environment }),
    // The group's scoped keys are deleted with it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileGroupKeys.list(environment) }),
        queryClient.invalidateQueries({ queryKey: apiKeyKeys.scoped(environment) }),
      ]),
  });
};
