import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TEnvironment } from "@/lib/schemas/common";
import { useEnvironment } from "./environment";
import { request } from "./fetcher";

// The listing and page editors' calls to the public management routes (/api/profiles/:id/google_business/*
// and …/facebook/*). Google's and Graph's resources come back unchanged, so they are plain JSON here.

export type Json = Record<string, unknown>;

// What a listing editor reads about one location (each one endpoint of the API).
export type ListingResource =
  | "location"
  | "attributes"
  | "available_attributes"
  | "service_list"
  | "food_menus"
  | "place_action_links"
  | "available_place_action_types"
  | "media";

export const listingKeys = {
  all: ["listings"] as const,
  location: (environment: TEnvironment, profileId: string, locationId: string) =>
    [...listingKeys.all, environment, profileId, locationId] as const,
  resource: (environment: TEnvironment, profileId: string, locationId: string, resource: ListingResource) =>
    [...listingKeys.location(environment, profileId, locationId), resource] as const,
  categories: (environment: TEnvironment, profileId: string, search: string) =>
    [...listingKeys.all, environment, profileId, "categories", search] as const,
  page: (environment: TEnvironment, profileId: string, pageId: string) =>
    ["pages", environment, profileId, pageId] as const,
};

const managementPath = (profileId: string, endpoint: string, query: Record<string, string> = {}) =>
  `/api/profiles/${encodeURIComponent(profileId)}/${endpoint}${Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : ""}`;

export const useListingResource = <T extends Json = Json>(
  profileId: string,
  locationId: string,
  resource: ListingResource,
  { enabled = true }: { enabled?: boolean } = {},
) => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: listingKeys.resource(environment, profileId, locationId, resource),
    queryFn: ({ signal }) =>
      request<T>(managementPath(profileId, `google_business/${resource}`, { location_id: locationId }), {
        environment,
        signal,
      }),
    enabled,
    retry: false, // a gate (422) is an answer, not a failure to retry
  });
};

// Categories whose display name matches `search`, in the location's region.
export const useCategorySearch = (profileId: string, locationId: string, search: string, regionCode: string) => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: [...listingKeys.categories(environment, profileId, search), regionCode],
    queryFn: ({ signal }) =>
      request<{ categories?: { name: string; displayName: string }[] }>(
        managementPath(profileId, "google_business/available_location_categories", {
          location_id: locationId,
          region_code: regionCode,
          language_code: "en",
          filter: search,
          page_size: "20",
        }),
        { environment, signal },
      ),
    enabled: search.trim().length >= 2,
    select: (res) => res.categories ?? [],
  });
};

type Write = { method: "POST" | "PATCH" | "DELETE"; endpoint: string; body?: Json; query?: Record<string, string> };

// Any write on the location (update_location, update_hours, update_attributes, create_place_action_link,
// delete_media, …); everything read about the location is read again afterwards.
export const useListingWrite = (profileId: string, locationId: string) => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, endpoint, body, query = {} }: Write) =>
      request<Json>(
        managementPath(
          profileId,
          `google_business/${endpoint}`,
          method === "DELETE" ? { location_id: locationId, ...query } : query,
        ),
        {
          method,
          environment,
          ...(method !== "DELETE" && { body: { location_id: locationId, ...body } }),
        },
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: listingKeys.location(environment, profileId, locationId) }),
  });
};

// A photo upload: create_media as multipart with the file (the server stores it and hands Google its URL).
export const useUploadListingPhoto = (profileId: string, locationId: string) => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, category, description }: { file: File; category: string; description?: string }) => {
      const form = new FormData();
      form.set("location_id", locationId);
      form.set("mediaFormat", "PHOTO");
      form.set("locationAssociation[category]", category);
      if (description) form.set("description", description);
      form.set("file", file);
      return request<Json>(managementPath(profileId, "google_business/create_media"), {
        method: "POST",
        environment,
        body: form,
      });
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: listingKeys.location(environment, profileId, locationId) }),
  });
};

export const usePage = (profileId: string, pageId: string) => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: listingKeys.page(environment, profileId, pageId),
    queryFn: ({ signal }) =>
      request<Json>(managementPath(profileId, "facebook/page", { page_id: pageId }), { environment, signal }),
    retry: false,
  });
};

export const useUpdatePage = (profileId: string, pageId: string) => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Json) =>
      request<Json>(managementPath(profileId, "facebook/update_page"), {
        method: "PATCH",
        environment,
        body: { page_id: pageId, ...values },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.page(environment, profileId, pageId) }),
  });
};
