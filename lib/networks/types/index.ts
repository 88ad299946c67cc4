// The one interface every network implements. Generic code (connection flows, profiles, later
// publishing, comments, messages and stats) talks only to this; it never branches on the platform name.
// Connectors are pure adapters: no Prisma, no Inngest, no Next imports.
// One file per capability; this index re-exports them all (import from "@/lib/networks/types").

export type * from "./auth";
export type * from "./context";
export type * from "./capabilities";
export type * from "./publishing";
export type * from "./stats";
export type * from "./connector";
export type * from "./comments";
export type * from "./management";
export type * from "./inbound";
export type * from "./comment-sync";
export type * from "./messaging-events";
export type * from "./messaging";
