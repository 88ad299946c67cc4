import type { z } from "zod";

// An endpoint contract: the single source for a route's auth, input schemas and documented responses.
// Routes are built from contracts (lib/api/route.ts) and /api/openapi.json is generated from the same
// list (lib/contracts/index.ts), so the reference cannot drift from what the server enforces.

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

// apiKey: a bearer API key, or (without an Authorization header) a signed-in staff session.
// session: staff session only (admin endpoints outside the public spec). none: public.
export type AuthMode = "apiKey" | "session" | "none";

// account: only account-wide principals (account keys, staff sessions); scoped keys and OAuth tokens
// get 422 "Your API key has no such permission".
export type Access = "any" | "account";

export type ResponseDoc = { description: string; schema?: z.ZodType };
export type Responses = Record<number, ResponseDoc>;

export type EndpointDef<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResponses extends Responses = Responses,
> = {
  operationId: string;
  method: HttpMethod;
  path: string; // OpenAPI template, e.g. /api/profile_groups/{id}
  tag: string;
  summary: string;
  description?: string;
  auth: AuthMode;
  access?: Access;
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  docBody?: z.ZodType; // documentation shape when `body` normalises several accepted shapes
  idempotent?: boolean; // honours the Idempotency-Key header
  multipart?: boolean; // also accepts multipart/form-data in Rails bracket style (lib/api/multipart.ts)
  // Documented responses by status. The 2xx schemas are also the type a handler must answer with
  // (lib/api/route.ts Reply) and are checked against every success body at run time.
  responses: TResponses;
};

export const defineEndpoint = <
  TParams extends z.ZodType = z.ZodUndefined,
  TQuery extends z.ZodType = z.ZodUndefined,
  TBody extends z.ZodType = z.ZodUndefined,
  TResponses extends Responses = Responses,
>(
  def: EndpointDef<TParams, TQuery, TBody, TResponses>,
): EndpointDef<TParams, TQuery, TBody, TResponses> => def;
