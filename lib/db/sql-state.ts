import type { Prisma } from "@/lib/generated/prisma/client";

// The SQLSTATE of the PostgreSQL error behind a Prisma error (driver adapters keep it in meta). Used by the
// API's error mapping (lib/api/prisma-errors.ts) and by services that recognise one database answer.
export const sqlStateOf = (err: Prisma.PrismaClientKnownRequestError): string | null => {
  const cause = (
    err.meta as { driverAdapterError?: { cause?: { originalCode?: unknown; code?: unknown } } } | undefined
  )?.driverAdapterError?.cause;
  const code = cause?.originalCode ?? cause?.code;
  return typeof code === "string" ? code : null;
};
