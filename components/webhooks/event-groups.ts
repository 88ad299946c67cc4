import { EVENT_TYPES, type TEventType } from "@/lib/schemas/webhooks";

export type EventGroup = { label: string; events: TEventType[] };

// The picker's sections, by the part of the event name before the dot.
const SECTIONS: { label: string; prefixes: string[] }[] = [
  { label: "Posts", prefixes: ["post", "platform_post"] },
  { label: "Profiles", prefixes: ["profile"] },
  { label: "Comments", prefixes: ["comment", "profile_comment"] },
  { label: "Messages", prefixes: ["message", "reaction", "referral"] },
  { label: "Media", prefixes: ["media"] },
];

const prefixOf = (event: string): string => event.slice(0, event.indexOf("."));

const grouped = SECTIONS.map(({ label, prefixes }) => ({
  label,
  events: EVENT_TYPES.filter((e) => prefixes.includes(prefixOf(e))),
}));
// Event types added to the schema later still show up, until they get a section of their own.
const other = EVENT_TYPES.filter((e) => !grouped.some((g) => g.events.includes(e)));

export const EVENT_GROUPS: EventGroup[] = [
  ...grouped,
  ...(other.length > 0 ? [{ label: "Other", events: other }] : []),
].filter((g) => g.events.length > 0);

export const ALL_EVENTS = "*";
export const isAllEvents = (events: readonly string[]): boolean => events.includes(ALL_EVENTS);
