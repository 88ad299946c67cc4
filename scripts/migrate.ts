// Migrations without Prisma's native schema engine (WASM engine + adapter-pg, see lib/db/migrate.ts).
//   tsx scripts/migrate.ts deploy          apply pending migrations (creates the database if missing)
//   tsx scripts/migrate.ts status          exit 1 unless the database is up to date
//   tsx scripts/migrate.ts create <name>   write prisma/migrations/<UTC timestamp>_<name>/migration.sql
// Reads DATABASE_URL and optional SHADOW_DATABASE_URL (also from .env). Set MIGRATE_DEBUG=1 for engine logs.
import "dotenv/config";
import path from "node:path";
import { createMigration, deploy, DEFAULT_MIGRATIONS_DIR, ROOT_DIR, status } from "../lib/db/migrate";

const USAGE = "Usage: tsx scripts/migrate.ts deploy | status | create <name>";

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "<invalid url>";
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "-h" || command === "--help") {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("DATABASE_URL is not set (environment or .env).");
    return 2;
  }
  const shadowUrl = process.env.SHADOW_DATABASE_URL || undefined;
  const engineLog = process.env.MIGRATE_DEBUG ? (m: string) => console.error(`[engine] ${m}`) : undefined;
  const log = (m: string) => {
    if (m.startsWith("Created database")) console.log(m);
  };
  const started = performance.now();
  const took = () => `${Math.round(performance.now() - started)} ms`;

  switch (command) {
    case "deploy": {
      const { applied } = await deploy({ url, log, engineLog });
      if (applied.length === 0) console.log(`No pending migrations. (${redact(url)}, ${took()})`);
      else console.log(`Applied ${applied.length} migration(s): ${applied.join(", ")} (${took()})`);
      return 0;
    }
    case "status": {
      const s = await status({ url, log, engineLog });
      if (s.upToDate) {
        console.log(`Database schema is up to date. (${redact(url)}, ${took()})`);
        return 0;
      }
      if (!s.hasMigrationsTable) console.log("The database has no _prisma_migrations table yet.");
      if (s.unapplied.length) console.log(`Not yet applied (${s.unapplied.length}): ${s.unapplied.join(", ")}`);
      if (s.failed.length) console.log(`Failed: ${s.failed.join(", ")}`);
      if (s.edited.length) console.log(`Edited after being applied: ${s.edited.join(", ")}`);
      if (s.missingLocally.length) console.log(`Applied but missing locally: ${s.missingLocally.join(", ")}`);
      return 1;
    }
    case "create": {
      const name = rest.join("_");
      if (!name) {
        console.error(`A migration name is required.\n${USAGE}`);
        return 2;
      }
      const dir = await createMigration({ url, name, shadowUrl, log, engineLog });
      if (dir === null) {
        console.log(`No schema changes; no migration created. (${took()})`);
      } else {
        const file = path.relative(ROOT_DIR, path.join(DEFAULT_MIGRATIONS_DIR, dir, "migration.sql"));
        console.log(`Created ${file} (${took()})`);
      }
      return 0;
    }
    default:
      console.error(`Unknown command: ${command}\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const err = error as Error & { code?: string };
    console.error(`migrate ${process.argv[2] ?? ""} failed: ${err?.message ?? String(error)}`);
    if (err?.code) console.error(`code: ${err.code}`);
    if (process.env.MIGRATE_DEBUG && err?.stack) console.error(err.stack);
    process.exitCode = 1;
  },
);
