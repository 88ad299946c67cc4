import { apiRoute, ok } from "@/lib/api/route";
import { serializeWebhook } from "@/lib/serializers/webhook";
import * as contract from "@/lib/contracts/webhooks";
import { deleteWebhook, getWebhookOrThrow, updateWebhook } from "@/lib/services/webhooks/webhooks";

// GET /api/webhooks/:id – one webhook, with its secret
export const GET = apiRoute(contract.getWebhook, async ({ principal, params }) =>
  ok(serializeWebhook(await getWebhookOrThrow({ principal, id: params.id }), { withSecret: true })),
);

// PATCH /api/webhooks/:id – update url, events, enabled or description
export const PATCH = apiRoute(contract.updateWebhook, async ({ principal, params, body }) =>
  ok(serializeWebhook(await updateWebhook({ principal, id: params.id, input: body }), { withSecret: true })),
);

// DELETE /api/webhooks/:id – delete a webhook and its delivery history
export const DELETE = apiRoute(contract.deleteWebhook, async ({ principal, params }) =>
  ok(await deleteWebhook({ principal, id: params.id })),
);
