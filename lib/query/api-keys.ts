import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TAccountKey, TApiKey, TCreateAccountKeyBody } from "@/lib/schemas/api-keys";
import type { TEnvironment } from "@/lib/schemas/common";
import { useEnvironment } from "./environment";
import { request } from "./fetcher";

export const apiKeyKeys = {
  all: ["api-keys"] as const,
  // Scoped keys belong to one environment; account-wide keys are listed for both at once.
  scoped: (environment: TEnvironment) => [...apiKeyKeys.all, "scoped", environment] as const,
  account: () => [...apiKeyKeys.all, "account"] as const,
};

export type TCreateScopedKeyInput = { profile_group_id: string; name?: string };

export const useScopedKeys = () => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: apiKeyKeys.scoped(environment),
    queryFn: ({ signal }) => request<{ data: TApiKey[] }>("/api/api_keys", { environment, signal }),
    select: (res) => res.data,
  });
};

export const useAccountKeys = () => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: apiKeyKeys.account(),
    queryFn: ({ signal }) => request<{ data: TAccountKey[] }>("/api/admin/account_keys", { environment, signal }),
    select: (res) => res.data,
  });
};

// The create responses carry the token. It is returned to the caller (shown once) and never put
// into the query cache: the lists are refetched and only ever hold token hints.
export const useCreateScopedKey = () => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateScopedKeyInput) =>
      request<TApiKey>("/api/api_keys", { method: "POST", body: input, environment }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.scoped(environment) }),
  });
};

export const useCreateAccountKey = () => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateAccountKeyBody) =>
      request<TAccountKey>("/api/admin/account_keys", { method: "POST", body: input, environment }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.account() }),
  });
};

export const useRevokeScopedKey = () => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      request<{ deleted: boolean }>(`/api/api_keys/${encodeURIComponent(id)}`, { method: "DELETE", environment }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.scoped(environment) }),
  });
};

export const useRevokeAccountKey = () => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      request<{ deleted: boolean }>(`/api/admin/account_keys/${encodeURIComponent(id)}`, {
        method: "DELETE",
        environment,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.account() }),
  });
};
