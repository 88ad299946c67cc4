import { apiRoute, created, ok } from "@/lib/api/route";
import { serializeWebhook } from "@/lib/serializers/webhook";
import * as contract from "@/lib/contracts/webhooks";
import { createWebhook, listWebhooks } from "@/lib/services/webhooks/webhooks";

// GET /api/webhooks – webhooks of the caller, without secrets
export const GET = apiRoute(contract.listWebhooks, async ({ principal }) =>
  ok({ data: (await listWebhooks({ principal })).map((w) => serializeWebhook(w, { withSecret: false })) }),
);

// POST /api/webhooks – create a webhook; the response carries its signing secret
export const POST = apiRoute(contract.createWebhook, async ({ principal, body }) =>
  created(serializeWebhook(await createWebhook({ principal, input: body }), { withSecret: true })),
);
