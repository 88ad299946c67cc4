import "server-only";
import type { EndpointDef } from "@/lib/contracts/define";
import { responseCheckMode } from "@/lib/env";
import { log } from "@/lib/log";
import { ApiError } from "@/lib/errors";

type Result = { status: number; body: unknown; headers?: Record<string, string> };

// Every success body a route answers is checked against the schema its contract documents for that
// status: the same schema the OpenAPI document is generated from. Handlers are typed against it at
// compile time (lib/api/route.ts Reply); this catches what types cannot (casts, JSON columns, values
// passed through from a network). A mismatch is a server bug: a 500 when enforced, a logged error otherwise.
export const checkReply = <R extends Result>(endpoint: EndpointDef, result: R): R => {
  const schema = endpoint.responses[result.status]?.schema;
  if (!schema) return result;
  const parsed = schema.safeParse(result.body);
  if (parsed.success) return result;
  const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`);
  log.error("response does not match its contract", {
    operationId: endpoint.operationId,
    status: result.status,
    issues: issues.slice(0, 10),
  });
  if (responseCheckMode() === "enforce") throw new ApiError("internal", "Internal server error");
  return result;
};
