import { headerKeys, queryKeys, type Inngest, type InngestFunction } from "inngest";
import { serve } from "inngest/edge";
import type { JobEvent } from "./enqueue";

// The executor side of the SDK's HTTP protocol, spoken to the SDK's own serve handler in-process (the
// Web-standard `inngest/edge` adapter, a `Request` in, a `Response` out). inngest 4.24.0:
//
// request   POST <serve url>?fnId=<app>-<fn>&stepId=<"step" | hashed step id>
//           {event, events:[event], steps:{<hashed id>: {data}|{error}}, version: 2,
//            ctx:{run_id, attempt, max_attempts, stack:{stack:[ids in completion order], current},
//                 disable_immediate_execution}}
//           stepId=step asks the SDK to discover; a hashed id asks it to run exactly that planned step.
//           ctx.fn_id is never sent: with it the SDK would checkpoint step results to the Inngest API.
// response  200  the function returned; body = its output
//           206  an array of ops (StepOpCode): StepRun {id, data} | StepError {id, error} (retriable,
//                with x-inngest-no-retry: false and maybe retry-after) | StepFailed {id, error} (final) |
//                StepPlanned {id} (parallel steps, or immediate execution disabled) | Sleep {id, name} |
//                RunComplete {data} (with lazy ops) | WaitForEvent, InvokeFunction, AIGateway, Gateway,
//                WaitForSignal, DeferAdd, DeferAbort (not supported locally)
//           500  the function threw (x-inngest-no-retry: false, retry-after for RetryAfterError) or a
//                planned step could not be found; 400 the error is final (x-inngest-no-retry: true)
// The response header x-inngest-req-version says which execution version (1 or 2) the SDK used.

export type OutgoingOp = {
  id: string;
  op: string;
  name?: string;
  displayName?: string;
  opts?: Record<string, unknown>;
  data?: unknown;
  error?: unknown;
  userland?: { id?: string };
};

export type MemoEntry = { data: unknown } | { error: unknown };

export type ExecutorRequest = {
  functionId: string;
  /** A hashed step id to run that planned step; undefined to discover (and maybe run the next step). */
  stepId?: string;
  runId: string;
  event: JobEvent;
  attempt: number;
  maxAttempts: number;
  steps: Record<string, MemoEntry>;
  stack: string[];
  disableImmediateExecution: boolean;
};

export type ExecutorResponse =
  | { kind: "done"; output: unknown }
  | { kind: "ops"; ops: OutgoingOp[]; noRetry: boolean | undefined; retryAfter: string | undefined }
  | { kind: "error"; status: number; error: unknown; noRetry: boolean; retryAfter: string | undefined };

export type Executor = (request: ExecutorRequest) => Promise<ExecutorResponse>;

const SERVE_URL = "http://localhost/api/inngest";

export const createExecutor = (functions: readonly InngestFunction.Any[], client: Inngest.Any): Executor => {
  const handler = serve({ client, functions, streaming: false });
  return async (request) => {
    const url = new URL(SERVE_URL);
    url.searchParams.set(queryKeys.FnId, request.functionId);
    url.searchParams.set(queryKeys.StepId, request.stepId ?? "step");
    const body = {
      event: request.event,
      events: [request.event],
      steps: request.steps,
      ctx: {
        run_id: request.runId,
        attempt: request.attempt,
        max_attempts: request.maxAttempts,
        stack: { stack: request.stack, current: Math.max(request.stack.length - 1, 0) },
        disable_immediate_execution: request.disableImmediateExecution,
      },
      version: 2,
    };
    const response = await handler(
      new Request(url, {
        method: "POST",
        body: JSON.stringify(body),
        // The edge adapter builds the request URL against the Host header.
        headers: { "content-type": "application/json", host: url.host },
      }),
    );
    return parseResponse(response);
  };
};

const parseJson = (text: string): unknown => {
  try {
    return text === "" ? null : (JSON.parse(text) as unknown);
  } catch {
    return { name: "Error", message: `unparseable response from the serve handler: ${text.slice(0, 200)}` };
  }
};

export const parseResponse = async (response: Response): Promise<ExecutorResponse> => {
  const body = parseJson(await response.text());
  const noRetryHeader = response.headers.get(headerKeys.NoRetry);
  const noRetry = noRetryHeader === null ? undefined : noRetryHeader === "true";
  const retryAfter = response.headers.get(headerKeys.RetryAfter) ?? undefined;
  if (response.status === 200) return { kind: "done", output: body };
  if (response.status === 206 && Array.isArray(body))
    return { kind: "ops", ops: body as OutgoingOp[], noRetry, retryAfter };
  return {
    kind: "error",
    status: response.status,
    error: body,
    // 500 is retriable unless the SDK says otherwise; anything else (400 final error, 401 signature, …) is final.
    noRetry: noRetry ?? response.status !== 500,
    retryAfter,
  };
};

/** "Name: message" of a serialized SDK error, for job_runs.error and logs. */
export const describeError = (error: unknown): string => {
  if (error && typeof error === "object") {
    const { name, message, error: inner } = error as { name?: unknown; message?: unknown; error?: unknown };
    if (typeof message === "string")
      return typeof name === "string" && name !== "Error" ? `${name}: ${message}` : message;
    if (typeof inner === "string") return inner;
  }
  return typeof error === "string" ? error : JSON.stringify(error);
};
