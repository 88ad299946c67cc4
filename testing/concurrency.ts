import type { LocalRunner } from "@/inngest/local-runner";

// Concurrency tests: requests fired at once, and the background work they ask for.

// The requests, with the runner carrying out what they ask for while they are still coming in; then
// what is left.
export const whileRunning = async <T>(runner: LocalRunner, requests: Promise<T>[]): Promise<T[]> => {
  let done = false;
  const all = Promise.all(requests).finally(() => (done = true));
  while (!done) await runner.drain();
  const results = await all;
  await runner.drain();
  return results;
};

// The statuses of the answers other than the expected ones (an empty list when all are expected).
export const unexpectedStatuses = (responses: { status: number }[], ...expected: number[]) =>
  responses.map((r) => r.status).filter((s) => !expected.includes(s));

// `n` requests alternating between `a` and `b` (a toggle raced with its opposite), `a` first.
export const alternating = <T>(n: number, a: T, b: T): T[] => Array.from({ length: n }, (_, i) => (i % 2 ? b : a));
