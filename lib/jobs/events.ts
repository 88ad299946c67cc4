// The typed-event registry: every background-job event the app sends is an `eventType(name, { schema })` exported from a
// file under lib/jobs/events and re-exported here (one line per file). Functions trigger on these objects,
// and lib/jobs/send.ts derives the type of sendEvent() and its validation from this module.
export * from "./events/system";
export * from "./events/webhooks";
export * from "./events/posts";
export * from "./events/inbound";
export * from "./events/comment-sync";
export * from "./events/messages";
export * from "./events/comments";
export * from "./events/profiles";
