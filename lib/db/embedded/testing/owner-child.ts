// A process that owns an embedded PostgreSQL until it is killed (embedded.test.ts kills it with SIGKILL).
import { startEmbeddedPostgres } from "../server";

const [dataDir, password] = process.argv.slice(2) as [string, string];
const server = await startEmbeddedPostgres({ dataDir, password });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
setInterval(() => {}, 1 << 30);
