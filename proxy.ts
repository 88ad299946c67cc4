import { NextResponse, type NextRequest } from "next/server";
import { requestIdFor } from "@/lib/api/request-id";

// Runs before Next routes a request. A path that is not valid percent-encoding (`/api/posts/%zz`) fails
// inside Next's router (decoding the dynamic segment throws) with a plain-text 500: answered here as the
// spec's 400 instead. Methods no route has (PROPFIND, ...) get a JSON 405 here; TRACE and TRACK never get
// this far (Next cannot build a Request for them): lib/api/forbidden-methods.ts answers those.

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
  return NextResponse.next();
}

// Everything but Next's own static files.
export const config = { matcher: ["/((?!_next/static|_next/image).*)"] };
