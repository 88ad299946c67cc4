import { Inngest } from "inngest";
import { jobsMode } from "@/lib/env";
import { LocalSendMiddleware } from "./local-runner/local-send";
import { functionLogger, sdkLogger } from "./logger";

// One Inngest client for the app (see jobsMode in lib/env.ts).
// - server mode: a plain client; the SDK reads INNGEST_EVENT_KEY, INNGEST_SIGNING_KEY, INNGEST_BASE_URL,
//   INNGEST_DEV, … itself, exactly as documented by Inngest.
// - local mode: nothing may reach an Inngest server. Sends (inngest.send, step.sendEvent) are enqueued in
//   Postgres by LocalSendMiddleware; the local runner calls the serve handler in-process, which needs dev
//   mode (no request signatures); checkpointing (which reports steps to the Inngest API) is off; and any
//   other outgoing SDK request fails loudly instead of trying localhost:8288.
const isLocal = jobsMode() === "local";

const refuseOutgoingRequest = async (input: string | URL | Request): Promise<Response> => {
  const url = input instanceof Request ? input.url : input.toString();
  throw new Error(
    `The Inngest SDK tried to call ${url}, but background jobs run on the local runner (INNGEST_MODE=local): ` +
      "this SDK feature needs an Inngest server.",
  );
};

export const inngest = new Inngest({
  id: "social-publisher",
  logger: functionLogger,
  internalLogger: sdkLogger,
  middleware: isLocal ? [LocalSendMiddleware] : [],
  ...(isLocal ? { isDev: true, checkpointing: false, fetch: refuseOutgoingRequest as typeof fetch } : {}),
});
