import { afterAll } from "vitest";
import { createTestDatabase } from "./test-database";

// A database of the test file's own, for files that start a local runner with the app's post or stats
// functions: on the run's shared database such a runner would also claim the jobs other files enqueue
// (same function ids) and publish them with this file's network settings. Call at the top of the file,
// before anything touches the database (the client and env() are created on first use).
export const useOwnDatabase = async (prefix: string) => {
  const database = await createTestDatabase(prefix);
  process.env.DATABASE_URL = database.url;
  const { env } = await import("@/lib/env");
  if (env().DATABASE_URL !== database.url)
    throw new Error("useOwnDatabase must run before anything reads the environment");
  afterAll(async () => {
    const { db } = await import("@/lib/db/client");
    await db.$disconnect();
    await database.drop();
  });
  return database;
};
