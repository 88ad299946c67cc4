import { buildOpenApi } from "@/lib/api/openapi";
import { apiRoute, ok } from "@/lib/api/route";
import { ENDPOINTS } from "@/lib/contracts";
import * as contract from "@/lib/contracts/system";

// GET /api/openapi.json – the OpenAPI document, generated from the endpoint contracts
export const GET = apiRoute(contract.getOpenApi, async ({ req }) =>
  ok(buildOpenApi({ endpoints: ENDPOINTS, serverUrl: new URL(req.url).origin })),
);
