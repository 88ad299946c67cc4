import { newId } from "@/lib/ids";
import { hookServerRequests } from "@/lib/runtime/server-request-hook";

// TRACE and TRACK are methods the Fetch standard forbids: Next cannot build a Request for them, so they
// fail inside Next with a plain-text 500 before proxy.ts or any route runs. This answers them first, on
// every HTTP server of the process, in the API's JSON shape (405). Installed once by instrumentation.ts.
const FORBIDDEN = new Set(["TRACE", "TRACK"]);
const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";

export const refuseForbiddenMethods = () =>
  hookServerRequests("forbidden-methods", (req, res) => {
    if (!FORBIDDEN.has(req.method ?? "")) return false;
    res.writeHead(405, {
      "Content-Type": "application/json",
      Allow: ALLOW,
      "X-Request-Id": newId("request"),
      "Cache-Control": "no-store",
    });
    res.end(JSON.stringify({ error: `Method ${req.method} is not allowed` }));
    return true;
  });
