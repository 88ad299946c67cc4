import { apiRoute, ok } from "@/lib/api/route";
import { serializeConnectionStart } from "@/lib/serializers/connection";
import * as contract from "@/lib/contracts/profiles";
import { initializeConnection } from "@/lib/services/connections/initialize-connection";

// POST /api/profile_groups/:id/initialize_connection – start an OAuth connection, or connect a form-based network
export const POST = apiRoute(contract.initializeConnection, async ({ principal, params, body }) =>
  ok(serializeConnectionStart(await initializeConnection({ principal, groupId: params.id, input: body }))),
);
