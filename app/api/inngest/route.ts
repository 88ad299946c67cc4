import type { NextRequest } from "next/server";
import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";
import { errorBody, notFound } from "@/lib/errors";
import { requestIdFor } from "@/lib/api/request-id";
import { jobsMode } from "@/lib/env";

// GET/POST/PUT /api/inngest – the SDK's serve endpoint, for an Inngest server (INNGEST_MODE=server): it
// syncs the functions (PUT), introspects (GET) and executes steps (POST, signed with INNGEST_SIGNING_KEY).
//
// In local mode the endpoint does not exist (the same JSON 404 as any unknown /api path): the local runner
// calls the serve handler in-process, and the client runs in dev mode there (no request signatures), so
// answering over HTTP would let anyone run functions with forged events and step results.
const handler = serve({ client: inngest, functions });

const notServed = (req: NextRequest) =>
  Response.json(errorBody(notFound()), { status: 404, headers: { "X-Request-Id": requestIdFor(req) } });

const route =
  (method: "GET" | "POST" | "PUT") =>
  (req: NextRequest, ctx: unknown): Promise<Response> =>
    jobsMode() === "local" ? Promise.resolve(notServed(req)) : handler[method](req, ctx);

export const GET = route("GET");
export const POST = route("POST");
export const PUT = route("PUT");
