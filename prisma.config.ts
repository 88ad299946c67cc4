import "dotenv/config";
import path from "node:path";
import { defineConfig } from "prisma/config";

// Prisma's native schema engine cannot be downloaded here: point the CLI at the WASM-engine shim
// (scripts/schema-engine -> scripts/schema-engine-shim.ts). An explicitly set variable wins.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve(import.meta.dirname, "scripts/schema-engine");

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: {
    url: process.env.DATABASE_URL ?? "",
    // Optional: a separate database for `prisma migrate dev` (default: a temporary one created on the server).
    shadowDatabaseUrl: process.env.SHADOW_DATABASE_URL,
  },
});
