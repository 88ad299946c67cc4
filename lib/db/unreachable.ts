// Whether an error means the database cannot be reached right now (stopped, restarting, the connection cut)
// rather than that a statement failed: background loops then wait and say so once, instead of logging an
// error per attempt (inngest/local-runner/runner.ts).

// What @prisma/adapter-pg reports for a socket that cannot connect or was closed.
const UNREACHABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout"]);
// Prisma's codes: P1001 cannot reach the server, P1002 timed out, P1017 the server closed the connection.
const UNREACHABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1017"]);
// SQLSTATE class 08 (connection exception); 57P01-57P03: shutting down, crashed, starting up or recovering.
const UNREACHABLE_SQLSTATE = /^(08...|57P0[123])$/;
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT"]);
// node-postgres's and Prisma's words for a connection that failed or ended under a query.
const UNREACHABLE_MESSAGE =
  /Connection terminated|encountered a connection error|Can't reach database server|server closed the connection/i;

type Inspectable = {
  code?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: unknown } };
};

export const isDatabaseUnreachable = (error: unknown, depth = 0): boolean => {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const e = error as Inspectable;
  if (typeof e.kind === "string" && UNREACHABLE_KINDS.has(e.kind)) return true;
  if (typeof e.code === "string" && (UNREACHABLE_PRISMA_CODES.has(e.code) || SOCKET_CODES.has(e.code))) return true;
  for (const state of [e.code, e.originalCode])
    if (typeof state === "string" && UNREACHABLE_SQLSTATE.test(state)) return true;
  if (typeof e.message === "string" && UNREACHABLE_MESSAGE.test(e.message)) return true;
  return [e.meta?.driverAdapterError?.cause, e.cause].some((inner) => isDatabaseUnreachable(inner, depth + 1));
};
