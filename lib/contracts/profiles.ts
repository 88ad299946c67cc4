import { z } from "zod";
import { listOf } from "@/lib/schemas/lists";
import { ZProfileGroupParams } from "@/lib/schemas/profile-groups";
import {
  ZInitializeConnectionBody,
  ZInitializeConnectionResponse,
  ZListProfilesQuery,
  ZPlacement,
  ZProfile,
  ZProfileDetail,
  ZProfileParams,
} from "@/lib/schemas/profiles";
import { defineEndpoint } from "./define";
import { R400, R401, R404, R422 } from "./responses";

const tag = "Profiles";

export const listProfiles = defineEndpoint({
  operationId: "listProfiles",
  method: "GET",
  path: "/api/profiles",
  tag,
  summary: "List the profiles the caller can post to",
  description: "Optional `profile_group_id` narrows the list to one group.",
  auth: "apiKey",
  query: ZListProfilesQuery,
  responses: { 200: { description: "Profiles", schema: listOf(ZProfile) }, ...R401 },
});

export const getProfile = defineEndpoint({
  operationId: "getProfile",
  method: "GET",
  path: "/api/profiles/{id}",
  tag,
  summary: "Get a profile",
  description:
    "Adds `latest_stats` (each placement's latest stat snapshot on facebook, linkedin and telegram, else one entry with `placement_id` null; empty until stats were collected) and `summary_stats` (placement networks: the numeric stats summed across those snapshots; null on other networks).",
  auth: "apiKey",
  params: ZProfileParams,
  responses: { 200: { description: "The profile", schema: ZProfileDetail }, ...R401, ...R404 },
});

export const deleteProfile = defineEndpoint({
  operationId: "deleteProfile",
  method: "DELETE",
  path: "/api/profiles/{id}",
  tag,
  summary: "Disconnect and remove a profile",
  auth: "apiKey",
  params: ZProfileParams,
  idempotent: true,
  responses: { 200: { description: "Removed", schema: z.object({ success: z.boolean() }) }, ...R401, ...R404 },
});

export const listPlacements = defineEndpoint({
  operationId: "listPlacements",
  method: "GET",
  path: "/api/profiles/{id}/placements",
  tag,
  summary: "List a profile's placements",
  description:
    "Pages (facebook, `page_id`), organizations (linkedin, `organization_id`; the personal profile has id null), channels (telegram, `chat_id`), locations (google_business, `location_id`, `metadata.place_id`), boards (pinterest), phone numbers (whatsapp, with the number's metadata).",
  auth: "apiKey",
  params: ZProfileParams,
  responses: { 200: { description: "Placements", schema: listOf(ZPlacement) }, ...R401, ...R404 },
});

export const initializeConnection = defineEndpoint({
  operationId: "initializeConnection",
  method: "POST",
  path: "/api/profile_groups/{id}/initialize_connection",
  tag,
  summary: "Start connecting a network account to the group",
  description:
    "OAuth networks: `{platform, redirect_url}` returns `{url, success}`; send the user to `url`; after consent they return to `redirect_url` with `profile_id` (or `error`). bluesky: `{platform, identifier, app_password}`; telegram: `{platform, bot_token}`: connected at once, `{success, profile}`. twitter also takes the account's own developer keys (`client_id`, `client_secret`); whatsapp takes `onboarding` (`business_app`, `api`) and `refresh_connection`. 422: `Missing platform`, `Missing redirect_url`, `Platform already connected`.",
  auth: "apiKey",
  params: ZProfileGroupParams,
  body: ZInitializeConnectionBody,
  responses: {
    200: { description: "Started (OAuth) or connected (forms)", schema: ZInitializeConnectionResponse },
    ...R400,
    ...R401,
    ...R404,
    ...R422,
  },
});
