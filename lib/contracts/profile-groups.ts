import { ZDeleted } from "@/lib/schemas/common";
import { listOf } from "@/lib/schemas/lists";
import {
  ZCreateProfileGroupBody,
  ZProfileGroup,
  ZProfileGroupFields,
  ZProfileGroupParams,
} from "@/lib/schemas/profile-groups";
import { z } from "zod";
import { defineEndpoint } from "./define";
import { R400, R401, R404, R409, R422 } from "./responses";

const tag = "Profile groups";

export const listProfileGroups = defineEndpoint({
  operationId: "listProfileGroups",
  method: "GET",
  path: "/api/profile_groups",
  tag,
  summary: "List profile groups",
  description: "An account-wide key sees every group of its environment; a scoped key only its own group.",
  auth: "apiKey",
  responses: { 200: { description: "Groups", schema: listOf(ZProfileGroup) }, ...R401 },
});

export const getProfileGroup = defineEndpoint({
  operationId: "getProfileGroup",
  method: "GET",
  path: "/api/profile_groups/{id}",
  tag,
  summary: "Get a profile group",
  auth: "apiKey",
  params: ZProfileGroupParams,
  responses: { 200: { description: "The group", schema: ZProfileGroup }, ...R401, ...R404 },
});

export const createProfileGroup = defineEndpoint({
  operationId: "createProfileGroup",
  method: "POST",
  path: "/api/profile_groups",
  tag,
  summary: "Create a profile group",
  description: "Body `{profile_group: {name}}`; the bare `{name}` is accepted too. Scoped keys get 422.",
  auth: "apiKey",
  access: "account",
  body: ZCreateProfileGroupBody,
  docBody: z.union([z.object({ profile_group: ZProfileGroupFields }), ZProfileGroupFields]),
  idempotent: true,
  responses: { 201: { description: "Created", schema: ZProfileGroup }, ...R400, ...R401, ...R409, ...R422 },
});

export const deleteProfileGroup = defineEndpoint({
  operationId: "deleteProfileGroup",
  method: "DELETE",
  path: "/api/profile_groups/{id}",
  tag,
  summary: "Delete a profile group",
  description: "Deletes the group, its profiles and the API keys scoped to it. Scoped keys get 422.",
  auth: "apiKey",
  access: "account",
  params: ZProfileGroupParams,
  idempotent: true,
  responses: { 200: { description: "Deleted", schema: ZDeleted }, ...R401, ...R404, ...R409, ...R422 },
});
