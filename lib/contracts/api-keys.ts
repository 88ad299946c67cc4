import { ZAccountKey, ZApiKey, ZApiKeyParams, ZCreateAccountKeyBody, ZCreateApiKeyBody } from "@/lib/schemas/api-keys";
import { ZDeleted } from "@/lib/schemas/common";
import { listOf } from "@/lib/schemas/lists";
import { defineEndpoint } from "./define";
import { R400, R401, R404, R409, R422 } from "./responses";

const tag = "API keys";

export const listApiKeys = defineEndpoint({
  operationId: "listApiKeys",
  method: "GET",
  path: "/api/api_keys",
  tag,
  summary: "List scoped API keys",
  description: "Scoped keys of the caller's environment, newest first, without tokens. Account-wide keys only.",
  auth: "apiKey",
  access: "account",
  responses: { 200: { description: "Keys", schema: listOf(ZApiKey) }, ...R401, ...R422 },
});

export const createApiKey = defineEndpoint({
  operationId: "createApiKey",
  method: "POST",
  path: "/api/api_keys",
  tag,
  summary: "Create a profile-group-scoped API key",
  description:
    "The token is returned only in this response. With an `Idempotency-Key` header a retried create returns the original key (token included) for 24 hours instead of minting another.",
  auth: "apiKey",
  access: "account",
  body: ZCreateApiKeyBody,
  idempotent: true,
  responses: {
    201: { description: "Created, with `token`", schema: ZApiKey },
    ...R400,
    401: {
      description: "Invalid API key, or `profile_group_id` is not a group of this environment",
      schema: R401[401]!.schema,
    },
    ...R409,
    ...R422,
  },
});

export const revokeApiKey = defineEndpoint({
  operationId: "revokeApiKey",
  method: "DELETE",
  path: "/api/api_keys/{id}",
  tag,
  summary: "Revoke a scoped API key",
  description: "Immediate: the next request with the token gets 401.",
  auth: "apiKey",
  access: "account",
  params: ZApiKeyParams,
  idempotent: true,
  responses: { 200: { description: "Revoked", schema: ZDeleted }, ...R401, ...R404, ...R422 },
});

// Admin app only (staff session): account-wide keys, which the public API never mints.
const adminTag = "Admin (staff session)";

export const listAccountKeys = defineEndpoint({
  operationId: "adminListAccountKeys",
  method: "GET",
  path: "/api/admin/account_keys",
  tag: adminTag,
  summary: "List account-wide keys of both environments",
  auth: "session",
  responses: { 200: { description: "Keys", schema: listOf(ZAccountKey) }, ...R401 },
});

export const createAccountKey = defineEndpoint({
  operationId: "adminCreateAccountKey",
  method: "POST",
  path: "/api/admin/account_keys",
  tag: adminTag,
  summary: "Mint an account-wide key",
  auth: "session",
  body: ZCreateAccountKeyBody,
  responses: { 201: { description: "Created, with `token`", schema: ZAccountKey }, ...R400, ...R401, ...R422 },
});

export const revokeAccountKey = defineEndpoint({
  operationId: "adminRevokeAccountKey",
  method: "DELETE",
  path: "/api/admin/account_keys/{id}",
  tag: adminTag,
  summary: "Revoke an account-wide key",
  auth: "session",
  params: ZApiKeyParams,
  responses: { 200: { description: "Revoked", schema: ZDeleted }, ...R401, ...R404 },
});
