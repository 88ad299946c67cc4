import { ZDeleted } from "@/lib/schemas/common";
import { listOf, paginatedListOf, zPageQuery } from "@/lib/schemas/lists";
import {
  ZCreateWebhookBody,
  ZUpdateWebhookBody,
  ZWebhook,
  ZWebhookDelivery,
  ZWebhookParams,
} from "@/lib/schemas/webhooks";
import { defineEndpoint } from "./define";
import { R400, R401, R404, R409, R422 } from "./responses";

const tag = "Webhooks";

export const listWebhooks = defineEndpoint({
  operationId: "listWebhooks",
  method: "GET",
  path: "/api/webhooks",
  tag,
  summary: "List webhooks",
  description: "Without `secret`. A scoped key sees only its group's webhooks.",
  auth: "apiKey",
  responses: { 200: { description: "Webhooks", schema: listOf(ZWebhook) }, ...R401 },
});

export const getWebhook = defineEndpoint({
  operationId: "getWebhook",
  method: "GET",
  path: "/api/webhooks/{id}",
  tag,
  summary: "Get a webhook, with its secret",
  auth: "apiKey",
  params: ZWebhookParams,
  responses: { 200: { description: "The webhook", schema: ZWebhook }, ...R401, ...R404 },
});

export const createWebhook = defineEndpoint({
  operationId: "createWebhook",
  method: "POST",
  path: "/api/webhooks",
  tag,
  summary: "Create a webhook",
  description:
    '`url` must be HTTPS and must not resolve to a private, loopback or link-local address. `events` lists event names or `*`. Deliveries are signed: `X-Service-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.',
  auth: "apiKey",
  body: ZCreateWebhookBody,
  idempotent: true,
  responses: { 201: { description: "Created, with `secret`", schema: ZWebhook }, ...R400, ...R401, ...R409, ...R422 },
});

export const updateWebhook = defineEndpoint({
  operationId: "updateWebhook",
  method: "PATCH",
  path: "/api/webhooks/{id}",
  tag,
  summary: "Update a webhook",
  description: "Any of `url`, `events`, `enabled`, `description`. Disabled webhooks receive nothing.",
  auth: "apiKey",
  params: ZWebhookParams,
  body: ZUpdateWebhookBody,
  idempotent: true,
  responses: {
    200: { description: "Updated, with `secret`", schema: ZWebhook },
    ...R400,
    ...R401,
    ...R404,
    ...R409,
    ...R422,
  },
});

export const deleteWebhook = defineEndpoint({
  operationId: "deleteWebhook",
  method: "DELETE",
  path: "/api/webhooks/{id}",
  tag,
  summary: "Delete a webhook",
  auth: "apiKey",
  params: ZWebhookParams,
  idempotent: true,
  responses: { 200: { description: "Deleted", schema: ZDeleted }, ...R401, ...R404 },
});

export const listWebhookDeliveries = defineEndpoint({
  operationId: "listWebhookDeliveries",
  method: "GET",
  path: "/api/webhooks/{id}/deliveries",
  tag,
  summary: "Delivery attempts of a webhook, newest first",
  description: "`page` is zero-indexed (default 0); `per_page` defaults to 20 (maximum 100).",
  auth: "apiKey",
  params: ZWebhookParams,
  query: zPageQuery({ base: 0, defaultPerPage: 20, maxPerPage: 100 }),
  responses: { 200: { description: "Deliveries", schema: paginatedListOf(ZWebhookDelivery) }, ...R401, ...R404 },
});
