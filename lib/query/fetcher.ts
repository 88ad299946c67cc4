import type { TEnvironment } from "@/lib/schemas/common";

// Client-side calls to our own REST routes with the staff session cookie. The environment the admin
// works in travels in X-Environment on every call (the API's session principal reads it).

export class ApiClientError extends Error {
  readonly status: number;
  readonly messages: string[];
  constructor(status: number, messages: string[]) {
    super(messages.join("; ") || `Request failed (${status})`);
    this.name = "ApiClientError";
    this.status = status;
    this.messages = messages;
  }
}

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  environment?: TEnvironment;
  signal?: AbortSignal;
};

export const request = async <T>(
  path: string,
  { method = "GET", body, environment = "live", signal }: RequestOptions = {},
): Promise<T> => {
  const headers: Record<string, string> = { Accept: "application/json", "X-Environment": environment };
  const isForm = typeof FormData !== "undefined" && body instanceof FormData; // multipart: the browser sets the boundary
  if (body !== undefined && !isForm) headers["Content-Type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiClientError(0, ["Network error: the server could not be reached"]);
  }
  const payload: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new ApiClientError(res.status, errorMessages(payload, res));
  return payload as T;
};

// 422 {errors:[...], error}, 401/404/409 {error}, 400 {status, error, message}.
const errorMessages = (payload: unknown, res: Response): string[] => {
  if (payload && typeof payload === "object") {
    const p = payload as { errors?: unknown; error?: unknown; message?: unknown };
    if (Array.isArray(p.errors) && p.errors.length > 0) return p.errors.map(String);
    if (typeof p.message === "string" && p.message) return [p.message];
    if (typeof p.error === "string" && p.error) return [p.error];
  }
  return [res.statusText ? `${res.status} ${res.statusText}` : `Request failed (${res.status})`];
};

export const errorMessage = (err: unknown): string =>
  err instanceof ApiClientError ? err.message : err instanceof Error ? err.message : "Something went wrong";
