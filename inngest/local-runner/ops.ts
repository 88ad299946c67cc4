import type { OutgoingOp } from "./protocol";

// Which of the SDK's op codes (StepOpCode, inngest 4.24.0) the local runner implements.

export const OP = {
  StepRun: "StepRun",
  StepError: "StepError",
  StepFailed: "StepFailed",
  StepPlanned: "StepPlanned",
  Sleep: "Sleep",
  RunComplete: "RunComplete",
} as const;

const SUPPORTED_OPS = new Set<string>(Object.values(OP));

const UNSUPPORTED_OPS: Record<string, string> = {
  WaitForEvent: "step.waitForEvent()",
  WaitForSignal: "step.waitForSignal()",
  InvokeFunction: "step.invoke()",
  AIGateway: "step.ai.infer()",
  Gateway: "step.fetch()",
  DeferAdd: "defer()",
  DeferAbort: "defer() abort",
  DiscoveryRequest: "checkpointing",
  StepNotFound: "a step the SDK could not find",
  Step: 'legacy v0 "Step" ops',
};

// step.run variants (opts.type) that are plain in-process steps; anything else needs the Inngest API
// (step.realtime.publish, step.sendSignal, group experiments, …).
const SUPPORTED_STEP_TYPES = new Set<unknown>([undefined, "step.sendEvent", "step.ai.wrap"]);

/** Why the local runner cannot handle this op, or null when it can. */
export const unsupportedOp = (op: OutgoingOp): string | null => {
  if (!SUPPORTED_OPS.has(op.op)) return UNSUPPORTED_OPS[op.op] ?? `the SDK op "${op.op}"`;
  const type = op.opts?.type;
  if (op.op !== OP.Sleep && op.op !== OP.RunComplete && !SUPPORTED_STEP_TYPES.has(type)) return `${String(type)}()`;
  return null;
};

/** The id the SDK gives the terminal op it sends alongside lazy ops (sha1 of "complete"). */
export const RUN_COMPLETE_ID = "0737c22d3bfae812339732d14d8c7dbd6dc4e09c";

const stepName = (op: OutgoingOp) => op.userland?.id ?? op.displayName ?? op.name ?? op.id;

export const unsupportedMessage = (functionId: string, op: OutgoingOp, what: string) =>
  `Function "${functionId}" used ${what} in step "${stepName(op)}" (op ${op.op}), which the local job runner does not ` +
  "support. Run this function on an Inngest server (INNGEST_MODE=server), or change it.";

/** Milliseconds until a retry-after value: whole seconds, or an ISO instant (RetryAfterError). */
export const retryAfterMs = (value: string | undefined, now: Date): number | undefined => {
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
};
