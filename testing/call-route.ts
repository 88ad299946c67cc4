import type { RouteHandler } from "@/lib/api/route";

// Calls a route handler in-process, as Next would.
export const callRoute = async (
  handler: RouteHandler,
  {
    path,
    token,
    body,
    rawBody,
    params = {},
    headers = {},
  }: {
    path: string;
    token?: string;
    body?: unknown;
    rawBody?: string;
    params?: Record<string, string>;
    headers?: Record<string, string>;
  },
) => {
  const req = new Request(`http://localhost${path}`, {
    method: handler.endpoint.method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined || rawBody !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const res = await handler(req, { params: Promise.resolve(params) });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    json: (text ? JSON.parse(text) : null) as Record<string, unknown> & { data?: unknown[] },
  };
};
