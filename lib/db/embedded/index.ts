export { startEmbeddedPostgres, type EmbeddedPostgres, type EmbeddedPostgresOptions } from "./server";
