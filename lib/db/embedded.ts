// Embedded PostgreSQL for machines without a server: PGlite (PostgreSQL 18 compiled to WASM) behind
// pglite-socket's wire-protocol server on 127.0.0.1, so pg, Prisma (adapter-pg) and lib/db/migrate.ts connect
// with an ordinary URL. One database per instance: the server ignores the database name in the URL, so
// CREATE DATABASE is useless there; use a second instance (startEphemeralPostgres) as the shadow database.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export interface EmbeddedPostgres {
  /** postgresql://postgres:postgres@127.0.0.1:<port>/postgres?sslmode=disable */
  url: string;
  port: number;
  /** Closes the socket server (and its connections), then the PGlite instance (flushing data to disk). */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Port to listen on; 0 or omitted picks a free port. */
  port?: number;
  /** Host to bind; default 127.0.0.1. */
  host?: string;
  /** Concurrent client connections (pglite-socket defaults to 1, which breaks pools); default 32. */
  maxConnections?: number;
}

async function serve(db: PGlite, options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const host = options.host ?? "127.0.0.1";
  const server = new PGLiteSocketServer({
    db,
    host,
    port: options.port ?? 0, // listen(0): the OS picks a free port; the server reads it back after listening
    maxConnections: Math.max(20, options.maxConnections ?? 32),
  });
  try {
    await server.start();
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  const port = Number(server.getServerConn().split(":").pop());
  let stopping: Promise<void> | null = null;
  return {
    url: `postgresql://postgres:postgres@${host}:${port}/postgres?sslmode=disable`,
    port,
    stop() {
      stopping ??= (async () => {
        try {
          await server.stop();
          // let the handlers' detach (rollback of an open transaction) run before PGlite closes
          await new Promise((resolve) => setTimeout(resolve, 10));
        } finally {
          if (!db.closed) await db.close();
        }
      })();
      return stopping;
    },
  };
}

/** Starts a persistent embedded PostgreSQL whose data lives in `dataDir` (created if missing). */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions & { dataDir: string },
): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  // PGlite creates only the last path segment itself.
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const db = await PGlite.create(dataDir);
  return serve(db, options);
}

/** Starts an in-memory embedded PostgreSQL (a shadow database, or tests with TEST_DB=pglite). */
export async function startEphemeralPostgres(options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  const db = await PGlite.create();
  return serve(db, options);
}
