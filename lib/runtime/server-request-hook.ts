import type { IncomingMessage, ServerResponse } from "node:http";
import { Server } from "node:http";

// Runs `hook` on every request of every HTTP server of the process, before Next sees it (installed from
// instrumentation.ts; once per name). A hook that returns true has answered the request itself.
export const hookServerRequests = (
  name: string,
  hook: (req: IncomingMessage, res: ServerResponse) => boolean | void,
) => {
  const installed = Symbol.for(`social-publisher.${name}`);
  const proto = Server.prototype as Server & { [key: symbol]: true | undefined };
  if (proto[installed]) return;
  proto[installed] = true;
  const emit = proto.emit;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request" && hook(args[0] as IncomingMessage, args[1] as ServerResponse) === true) return true;
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof proto.emit;
};
