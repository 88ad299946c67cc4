import type { IncomingMessage, ServerResponse } from "node:http";
import { Server } from "node:http";
import { newId } from "@/lib/ids";

// TRACE and TRACK are methods the Fetch standard forbids: Next cannot build a Request for them, so they
// fail inside Next with a plain-text 500 before proxy.ts or any route runs. This answers them first, on
// every HTTP server of the process, in the API's JSON shape (405). Installed once by instrumentation.ts.
const FORBIDDEN = new Set(["TRACE", "TRACK"]);
const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
const INSTALLED = Symbol.for("social-publisher.forbidden-methods");

export const refuseForbiddenMethods = () => {
  const proto = Server.prototype as Server & { [INSTALLED]?: true };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const emit = proto.emit;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    const [req, res] = args as [IncomingMessage, ServerResponse];
    if (event === "request" && FORBIDDEN.has(req.method ?? "")) {
      res.writeHead(405, {
        "Content-Type": "application/json",
        Allow: ALLOW,
        "X-Request-Id": newId("request"),
        "Cache-Control": "no-store",
      });
      res.end(JSON.stringify({ error: `Method ${req.method} is not allowed` }));
      return true;
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof proto.emit;
};
