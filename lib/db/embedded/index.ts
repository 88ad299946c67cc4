export { startEmbeddedPostgres, type EmbeddedPostgres, type EmbeddedPostgresOptions, type ServerExit } from "./server";
