import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TEnvironment } from "@/lib/schemas/common";
import type { TCreateWebhookBody, TUpdateWebhookBody, TWebhook, TWebhookDelivery } from "@/lib/schemas/webhooks";
import { useEnvironment } from "./environment";
import { request } from "./fetcher";

// A webhook as the caches hold it: never with its signing secret.
export type TWebhookSummary = Omit<TWebhook, "secret">;
export type TWebhookDeliveryPage = { total: number; page: number; per_page: number; data: TWebhookDelivery[] };

export const DELIVERIES_PER_PAGE = 20;
// Deliveries are written asynchronously by the delivery job; the open page polls for them.
export const DELIVERIES_REFETCH_MS = 5_000;

export const webhookKeys = {
  all: ["webhooks"] as const,
  lists: () => [...webhookKeys.all, "list"] as const,
  list: (environment: TEnvironment) => [...webhookKeys.lists(), environment] as const,
  details: () => [...webhookKeys.all, "detail"] as const,
  detail: (environment: TEnvironment, id: string) => [...webhookKeys.details(), environment, id] as const,
  // Only while "Reveal secret" is on screen (gcTime 0): dropped as soon as the dialog closes.
  secret: (environment: TEnvironment, id: string) => [...webhookKeys.all, "secret", environment, id] as const,
  deliveries: (environment: TEnvironment, id: string) => [...webhookKeys.all, "deliveries", environment, id] as const,
  deliveriesPage: (environment: TEnvironment, id: string, page: number) =>
    [...webhookKeys.deliveries(environment, id), page] as const,
};

const webhookPath = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

const withoutSecret = ({ secret: _secret, ...webhook }: TWebhook): TWebhookSummary => webhook;

export const useWebhooks = () => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: webhookKeys.list(environment),
    queryFn: async ({ signal }) => {
      const res = await request<{ data: TWebhook[] }>("/api/webhooks", { environment, signal });
      return res.data.map(withoutSecret);
    },
  });
};

// GET /api/webhooks/:id answers with the secret; it is stripped before the response reaches the cache.
export const useWebhook = (id: string) => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: webhookKeys.detail(environment, id),
    queryFn: async ({ signal }) => withoutSecret(await request<TWebhook>(webhookPath(id), { environment, signal })),
  });
};

// The signing secret, fetched on demand while `enabled`, never kept after its last observer unmounts.
export const useWebhookSecret = (id: string, { enabled }: { enabled: boolean }) => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: webhookKeys.secret(environment, id),
    queryFn: async ({ signal }) => (await request<TWebhook>(webhookPath(id), { environment, signal })).secret ?? "",
    enabled,
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
};

export const useWebhookDeliveries = (id: string, page: number) => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: webhookKeys.deliveriesPage(environment, id, page),
    queryFn: ({ signal }) =>
      request<TWebhookDeliveryPage>(`${webhookPath(id)}/deliveries?page=${page}&per_page=${DELIVERIES_PER_PAGE}`, {
        environment,
        signal,
      }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.status === "error" ? false : DELIVERIES_REFETCH_MS),
  });
};

// Create and update answer with the secret. Only create hands it to the caller (shown once), and its
// mutation is dropped from the mutation cache as soon as the dialog lets go of it (gcTime 0); update
// strips it. Lists and details are invalidated and refetched, never filled from these responses.
export const useCreateWebhook = () => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateWebhookBody) =>
      request<TWebhook>("/api/webhooks", { method: "POST", body: input, environment }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(environment) }),
    gcTime: 0,
  });
};

export const useUpdateWebhook = () => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: TUpdateWebhookBody }) =>
      withoutSecret(await request<TWebhook>(webhookPath(id), { method: "PATCH", body: input, environment })),
    onSuccess: (_webhook, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.list(environment) }),
        queryClient.invalidateQueries({ queryKey: webhookKeys.detail(environment, id) }),
      ]),
  });
};

export const useDeleteWebhook = () => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<{ deleted: boolean }>(webhookPath(id), { method: "DELETE", environment }),
    // Its delivery history goes with it.
    onSuccess: async (_res, id) => {
      queryClient.removeQueries({ queryKey: webhookKeys.detail(environment, id) });
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(environment, id) });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.list(environment) });
    },
  });
};
