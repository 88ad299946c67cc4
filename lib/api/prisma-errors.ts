import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlStateOf } from "@/lib/db/sql-state";
import { log } from "@/lib/log";
import { ApiError, notFound, unprocessable } from "@/lib/errors";

// Prisma errors become API errors here and nowhere else (apiRoute's renderer calls this).
//
// The edge (ZSafeInput, the schemas' ranges) refuses bad values before they reach the database; this is
// the safety net for whatever still gets through: PostgreSQL's class 22 "data exception" (a value the
// column type cannot hold: 22021 NUL byte, 22P05 untranslatable escape in jsonb, 22008/22009 date out of
// range, 22003 numeric out of range, 22P02 invalid text representation, 22001 too long, ...) is the
// client's input, so a 422, never a 500. The message stays generic: PostgreSQL's text can quote the value
// and Prisma's names our code.

// Prisma's own codes for value problems (query engine side).
const VALUE_CODES = new Set(["P2000", "P2005", "P2006", "P2007", "P2019", "P2020", "P2023", "P2033"]);

const DATA_MESSAGES: [RegExp, string][] = [
  [/^22021$|^22P05$|^22P01$/, "A text value contains characters that cannot be stored (NUL or invalid Unicode)"],
  [/^2200[7-9]$|^22015$/, "A date or time value is out of range"],
  [/^22003$/, "A number is out of range"],
  [/^22001$/, "A value is too long"],
];

// null: not an error we know to be the client's (a 500).
export const prismaToApiError = (err: unknown, requestId: string): ApiError | null => {
  if (!(err instanceof Prisma.PrismaClientKnownRequestError)) return null;
  if (err.code === "P2025") return notFound();
  if (err.code === "P2002") return unprocessable(["A record with these values already exists"]);
  const sqlState = sqlStateOf(err);
  if (!sqlState?.startsWith("22") && !VALUE_CODES.has(err.code)) return null;
  // The edge let a value through that the database refused: the client's error, and a gap to close.
  log.warn("database refused a request value", { requestId, prismaCode: err.code, sqlState });
  return unprocessable([
    DATA_MESSAGES.find(([pattern]) => sqlState && pattern.test(sqlState))?.[1] ?? "A value is not valid for its field",
  ]);
};
