import { paginated } from "@/lib/pagination";
import { apiRoute, ok } from "@/lib/api/route";
import { serializeWebhookDelivery } from "@/lib/serializers/webhook";
import * as contract from "@/lib/contracts/webhooks";
import { listDeliveries } from "@/lib/services/webhooks/webhooks";

// GET /api/webhooks/:id/deliveries – delivery attempts, newest first, zero-indexed pages
export const GET = apiRoute(contract.listWebhookDeliveries, async ({ principal, params, query }) => {
  const { total, rows } = await listDeliveries({ principal, id: params.id, page: query });
  return ok(paginated(query, total, rows.map(serializeWebhookDelivery)));
});
