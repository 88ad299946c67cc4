// One error class, one table from code to status, one renderer (lib/api/route.ts).
export type ApiErrorCode =
  | "bad_request" // 400 {status, error, message}
  | "unauthorized" // 401 {error}
  | "forbidden" // 403 {error}
  | "not_found" // 404 {error: "Not found"}
  | "method_not_allowed" // 405 {error}
  | "conflict" // 409 {error}
  | "payload_too_large" // 413 {error}
  | "unprocessable" // 422 {error, errors}
  | "too_many_requests" // 429 {error} with Retry-After
  | "internal" // 500 {error}
  | "bad_gateway"; // 502 {error}: a network did not accept the call

export const STATUS_BY_CODE: Record<ApiErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  too_many_requests: 429,
  internal: 500,
  bad_gateway: 502,
};

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details: { errors?: string[]; extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = STATUS_BY_CODE[code];
  }
}

export const notFound = () => new ApiError("not_found", "Not found");
export const invalidApiKey = () => new ApiError("unauthorized", "Invalid API key");
export const noPermission = () => unprocessable(["Your API key has no such permission"]);
export const unprocessable = (errors: string[], extra?: Record<string, unknown>) =>
  new ApiError("unprocessable", errors.join("; "), { errors, ...(extra && { extra }) });
export const badRequest = (message: string) => new ApiError("bad_request", message);

// Bodies in the spec's shapes. 422 carries `errors` (spec) plus a joined `error` so SDKs that read
// `error` show a real message instead of the status text (the error shapes of the API reference, lib/contracts/responses.ts).
export const errorBody = (err: ApiError): Record<string, unknown> => {
  switch (err.code) {
    case "bad_request":
      return { status: 400, error: "Bad Request", message: err.message };
    case "unprocessable": {
      const errors = err.details.errors ?? [err.message];
      return { errors, error: errors.join("; "), ...err.details.extra };
    }
    default:
      return { error: err.message, ...err.details.extra };
  }
};
