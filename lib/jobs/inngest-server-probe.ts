import { inngestServerUrl } from "@/lib/env";

// Whether the Inngest server of server mode (INNGEST_MODE=server) answers at all: any HTTP answer below 500
// from its base URL within the timeout. Its path layout differs between `inngest start`, the dev server and
// Inngest Cloud, so reachability is what GET /readyz asks (lib/services/health/readiness.ts). The outcome
// names no URL: readiness is public.
export const probeInngestServer = async (
  timeoutMs = 2_000,
  url: string = inngestServerUrl(),
): Promise<{ ok: true } | { ok: false; reason: string }> => {
  try {
    const res = await fetch(url, { method: "GET", redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return res.status < 500 ? { ok: true } : { ok: false, reason: `the Inngest server answered ${res.status}` };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return {
      ok: false,
      reason: timedOut ? "the Inngest server did not answer in time" : "the Inngest server is unreachable",
    };
  }
};
