import "server-only";
import type { z } from "zod";
import { authenticate } from "@/lib/auth/authenticate";
import { isAccountWide, type Principal } from "@/lib/principal";
import type { EndpointDef } from "@/lib/contracts/define";
import { log } from "@/lib/log";
import { withUploadCleanup } from "@/lib/media/upload-scope";
import { withIdempotency } from "@/lib/services/idempotency/with-idempotency";
import { ApiError, errorBody, noPermission } from "@/lib/errors";
import { fingerprintable } from "./multipart";
import { discardSpooled } from "./multipart-stream";
import { parseBody, parseParams, parseQuery, readJsonBody } from "./parse";
import { replayCommitted } from "./replay";
import { prismaToApiError } from "./prisma-errors";
import { requestIdFor } from "./request-id";
import { checkReply } from "./response-check";

type Infer<T> = [NonNullable<T>] extends [z.ZodType] ? z.infer<NonNullable<T>> : undefined;

export type HandlerInput<E extends EndpointDef> = {
  req: Request;
  principal: E["auth"] extends "none" ? null : Principal;
  params: Infer<E["params"]>;
  query: Infer<E["query"]>;
  body: Infer<E["body"]>;
  requestId: string;
};

export type ApiResult = { status: number; body: unknown; headers?: Record<string, string> };

// What a handler may answer: one of the endpoint's documented 2xx responses, its body typed by that
// response's schema (so a handler returning the wrong shape fails `npm run typecheck`). An endpoint that
// documents no 2xx response (test endpoints) may answer anything.
type SuccessStatus = 200 | 201 | 202 | 204;
type Documented<E extends EndpointDef> = Extract<keyof E["responses"], SuccessStatus>;
type BodyOf<D> = D extends { schema: infer S extends z.ZodType } ? z.input<S> : unknown;
export type Reply<E extends EndpointDef> = [Documented<E>] extends [never]
  ? ApiResult
  : {
      [S in Documented<E>]: { status: S; body: BodyOf<E["responses"][S]>; headers?: Record<string, string> };
    }[Documented<E>];

export const ok = <T>(body: T) => ({ status: 200 as const, body });
export const created = <T>(body: T) => ({ status: 201 as const, body });
export const accepted = <T>(body: T) => ({ status: 202 as const, body });

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = ((req: Request, ctx: RouteContext) => Promise<Response>) & { endpoint: EndpointDef };

// The one wrapper every public route goes through: authentication and access, parsing of params,
// query and body with the contract's zod schemas, Idempotency-Key, the spec's error bodies, and an
// X-Request-Id on every response. Nothing else: product rules live in services.
export const apiRoute = <E extends EndpointDef>(
  endpoint: E,
  handler: (input: HandlerInput<E>) => Promise<Reply<E>>,
) => {
  const route = async (req: Request, ctx: RouteContext): Promise<Response> => {
    const requestId = requestIdFor(req);
    try {
      const url = new URL(req.url);
      const principal = await authenticate(req, endpoint.auth);
      if (endpoint.access === "account" && principal && !isAccountWide(principal)) throw noPermission();
      const params = parseParams(endpoint.params, await ctx.params);
      const query = parseQuery(endpoint.query, url);
      const rawBody = endpoint.body ? await readJsonBody(req, { multipart: endpoint.multipart === true }) : undefined;
      const body = endpoint.body ? parseBody(endpoint.body, rawBody) : undefined;
      const input = { req, principal, params, query, body, requestId } as HandlerInput<E>;

      // Uploaded files of a request that fails are removed again (lib/media/upload-scope.ts).
      const handle = async (): Promise<ApiResult> => checkReply(endpoint, await handler(input));
      const run = endpoint.multipart ? () => withUploadCleanup(handle) : handle;

      const idempotencyKey = req.headers.get("idempotency-key");
      if (endpoint.idempotent && idempotencyKey !== null && principal) {
        const result = await withIdempotency({
          principal,
          key: idempotencyKey,
          fingerprint: JSON.stringify([
            req.method,
            url.pathname.replace(/\/$/, ""),
            canonical(fingerprintable(rawBody)),
          ]),
          run,
          replay: (outcome) => replayCommitted(endpoint, principal, outcome),
        });
        return respond(result, requestId, result.replayed ? { "Idempotent-Replayed": "true" } : {});
      }
      return respond(await run(), requestId);
    } catch (err) {
      return respondError(err, requestId, req);
    } finally {
      if (endpoint.multipart) await discardSpooled(req); // file parts no store took (multipart-stream.ts)
    }
  };
  return Object.assign(route, { endpoint }) as RouteHandler;
};

const respond = (result: ApiResult, requestId: string, extra: Record<string, string> = {}) =>
  Response.json(result.body, {
    status: result.status,
    headers: { "X-Request-Id": requestId, "Cache-Control": "no-store", ...result.headers, ...extra },
  });

const respondError = (err: unknown, requestId: string, req: Request): Response => {
  const apiError =
    err instanceof ApiError
      ? err
      : (prismaToApiError(err, requestId) ?? new ApiError("internal", "Internal server error"));
  if (apiError.status >= 500) {
    log.error("request failed", {
      requestId,
      method: req.method,
      path: new URL(req.url).pathname,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      stack: err instanceof Error ? err.stack : undefined,
    });
  }
  return respond({ status: apiError.status, body: errorBody(apiError), headers: apiError.details.headers }, requestId);
};

// Key order must not make two identical bodies look different.
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
};
