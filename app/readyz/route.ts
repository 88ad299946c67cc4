import { readinessResponse } from "@/lib/services/health/readiness";

// GET /readyz – database reachable, migrations applied, job runner claiming (or the Inngest server reachable):
// 200 or 503 with each check named (lib/services/health/readiness.ts). Public, no auth.
export const dynamic = "force-dynamic";

export const GET = (): Promise<Response> => readinessResponse();
