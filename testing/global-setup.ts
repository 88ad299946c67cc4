import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase } from "./test-database";
import { testCertificateFiles } from "./tls";

// One fresh database per vitest run (see createTestDatabase); workers inherit DATABASE_URL and the
// test secrets through the environment.
export default async function setup() {
  process.env.APP_ENCRYPTION_KEY ??= randomBytes(32).toString("hex");
  process.env.NEXTAUTH_SECRET ??= randomBytes(32).toString("hex");
  process.env.LOG_LEVEL ??= "silent";
  process.env.WEBHOOK_ALLOWED_PRIVATE_HOSTS ??= "localhost"; // test receivers listen on loopback
  process.env.MEDIA_ALLOWED_PRIVATE_HOSTS ??= "localhost,127.0.0.1"; // test media servers listen on loopback
  process.env.MEDIA_DIR ??= path.join(tmpdir(), `social-publisher-media-${Date.now()}-${process.pid}`); // per run
  process.env.NODE_EXTRA_CA_CERTS = testCertificateFiles().certFile; // read by each forked worker at start
  const started = Date.now();
  const database = await createTestDatabase("test");
  process.env.DATABASE_URL = database.url;
  console.log(`[global-setup] ${database.name} created and migrated in ${Date.now() - started} ms`);
  return () => database.drop();
}
