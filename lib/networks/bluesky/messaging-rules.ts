import type { MessageRequest, MessagingRules } from "../types";

// Bluesky chat (chat.bsky.convo.sendMessage): text only, at most 1,000 characters, to a DID; no window.
export const blueskyMessagingRules: MessagingRules = {
  windowHours: null,
  participantWritesFirst: false,
  placementRequired: false,
  participantId: (raw) => (/^did:(plc|web):[a-zA-Z0-9._:%-]+$/.test(raw.trim()) ? raw.trim() : null),
  fields: new Set<keyof MessageRequest>(["body"]),
  check: (request) => ((request.body?.length ?? 0) > 1000 ? ["body: at most 1,000 characters"] : []),
};
