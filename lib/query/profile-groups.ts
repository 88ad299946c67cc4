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
  details: () => [...profileGroupKeys.all, "detail"] as const,
  detail: (environment: TEnvironment, id: string) => [...profileGroupKeys.details(), environment, id] as const,
};

export const useProfileGroups = () => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: profileGroupKeys.list(environment),
    queryFn: ({ signal }) => request<{ data: TProfileGroup[] }>("/api/profile_groups", { environment, signal }),
    select: (res) => res.data,
  });
};

export const useProfileGroup = (id: string) => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: profileGroupKeys.detail(environment, id),
    queryFn: ({ signal }) =>
      request<TProfileGroup>(`/api/profile_groups/${encodeURIComponent(id)}`, { environment, signal }),
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
    mutationFn: (id: string) =>
      request<{ deleted: boolean }>(`/api/profile_groups/${encodeURIComponent(id)}`, { method: "DELETE", environment }),
    // The group's scoped keys are deleted with it.
    onSuccess: (_res, id) => {
      queryClient.removeQueries({ queryKey: profileGroupKeys.detail(environment, id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: profileGroupKeys.list(environment) }),
        queryClient.invalidateQueries({ queryKey: apiKeyKeys.scoped(environment) }),
      ]);
    },
  });
};
