import { livenessResponse } from "@/lib/services/health/readiness";

// GET /healthz – the process is alive (no database, no auth); readiness is GET /readyz.
export const dynamic = "force-dynamic";

export const GET = (): Response => livenessResponse();
