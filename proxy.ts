import { NextResponse, type NextRequest } from "next/server";
import { PROXIED_BODY_MAX_BYTES } from "@/lib/api/body-limit";
import { requestIdFor } from "@/lib/api/request-id";

// Runs before Next routes a request. A path that is not valid percent-encoding (`/api/posts/%zz`) fails
// inside Next's router (decoding the dynamic segment throws) with a plain-text 500: answered here as the
// spec's 400 instead. Methods no route has (PROPFIND, ...) get a JSON 405 here; TRACE and TRACK never get
// this far (Next cannot build a Request for them): lib/api/forbidden-methods.ts answers those.
//
// Request bodies: for a request this proxy runs on, Next keeps a copy of the whole body until the route
// reads it, and cuts it after `experimental.proxyClientMaxBodySize` (next.config.ts, PROXIED_BODY_MAX_BYTES)
// without telling the route. So a declared body over that size is a 413 here, and multipart uploads to the
// endpoints that take files do not pass through the proxy at all (the second matcher below): they stream
// into the route (lib/api/multipart-stream.ts), up to MEDIA_MAX_BYTES a file.

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const decodes = (path: string): boolean => {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
};

// The path as sent (nextUrl.pathname may already be normalised).
const rawPath = (req: NextRequest): string => {
  const afterOrigin = req.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "");
  return afterOrigin.split(/[?#]/, 1)[0] ?? "";
};

const json = (req: NextRequest, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  NextResponse.json(body, {
    status,
    headers: { "X-Request-Id": requestIdFor(req), "Cache-Control": "no-store", ...headers },
  });

export function proxy(req: NextRequest) {
  if (!METHODS.has(req.method)) {
    return json(req, 405, { error: `Method ${req.method} is not allowed` }, { Allow: [...METHODS].join(", ") });
  }
  if (!decodes(rawPath(req))) {
    return json(req, 400, { status: 400, error: "Bad Request", message: "The path is not valid percent-encoding" });
  }
  if (Number(req.headers.get("content-length") ?? 0) > PROXIED_BODY_MAX_BYTES) {
    return json(req, 413, {
      error: `Request body is larger than ${PROXIED_BODY_MAX_BYTES / 1024 / 1024} MB; send media files as multipart/form-data parts (up to MEDIA_MAX_BYTES each) or as URLs`,
    });
  }
  return NextResponse.next();
}

// Everything but Next's own static files; for multipart bodies, not the endpoints that take files (POST
// /api/posts, PATCH /api/posts/:id, POST /api/profiles/:id/google_business/create_media: their contracts
// say `multipart`), so uploads stream. Paths whose id is not a post or profile id, or has a `%` in
// it, still run here. A test pins the list to the contracts (lib/api/body-limit.test.ts).
export const config = {
  matcher: [
    {
      source: "/((?!_next/static|_next/image).*)",
      missing: [{ type: "header", key: "content-type", value: "multipart/form-data.*" }],
    },
    {
      source:
        "/((?!_next/static|_next/image|api/posts(?:/post_[A-Za-z0-9]+)?/?$|api/profiles/prof_[A-Za-z0-9]+/google_business/create_media/?$).*)",
    },
  ],
};
