import { z } from "zod";
import { isValidTimeZone } from "@/lib/queues/slots";
import { MAX_INT4, zIdParams, zTimestamp } from "./common";
import { ZQueuePriority } from "./posts";

// Posting queues (API reference, tag "Queues": lib/contracts/post-queues.ts). Isomorphic: the API,
// the admin forms and the OpenAPI document. Issue paths name the field: parse.ts renders
// "post_queue.queue_timeslots_attributes.1.time: Time must be HH:MM (24-hour)".

export const ZPostQueueParams = zIdParams("que");
export const QUEUE_JITTER_MAX = 60;
export const QUEUE_TIMESLOTS_MAX = 672; // every 15 minutes, all week
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
// IANA names only ("Europe/Berlin", "UTC", "Etc/GMT+5"): Intl also takes offsets such as "+01:00".
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

const required = (what: string, type: string) => (iss: { input?: unknown }) =>
  iss.input === undefined ? `${what} is required` : `${what} must be ${type}`;

export const ZQueueName = z
  .string({ error: required("Name", "a string") })
  .trim()
  .min(1, "Name can't be blank")
  .max(100, "Name is too long (maximum is 100 characters)");

export const ZQueueDescription = z
  .string({ error: "Description must be a string" })
  .trim()
  .max(500, "Description is too long (maximum is 500 characters)");

// Stored in the runtime's canonical spelling ("europe/berlin" -> "Europe/Berlin").
export const ZQueueTimezone = z
  .string({ error: "Timezone must be a string" })
  .trim()
  .refine(
    (tz) => IANA_NAME.test(tz) && isValidTimeZone(tz),
    "Timezone must be an IANA time zone name such as Europe/Berlin",
  )
  .transform((tz) => new Intl.DateTimeFormat("en-US", { timeZone: tz }).resolvedOptions().timeZone);

export const ZQueueJitter = z
  .number({ error: "Jitter must be a whole number of minutes from 0 to 60" })
  .int("Jitter must be a whole number of minutes from 0 to 60")
  .min(0, "Jitter must be a whole number of minutes from 0 to 60")
  .max(QUEUE_JITTER_MAX, "Jitter must be a whole number of minutes from 0 to 60");

export const ZQueueEnabled = z.boolean({ error: "Enabled must be true or false" });

export const ZTimeslotDay = z
  .number({ error: required("Day", "an integer from 0 (Sunday) to 6 (Saturday)") })
  .int("Day must be an integer from 0 (Sunday) to 6 (Saturday)")
  .min(0, "Day must be an integer from 0 (Sunday) to 6 (Saturday)")
  .max(6, "Day must be an integer from 0 (Sunday) to 6 (Saturday)");

export const ZTimeslotTime = z
  .string({ error: required("Time", "a string") })
  .regex(TIME, "Time must be HH:MM (24-hour)");

export const ZTimeslotInput = z.object({ day: ZTimeslotDay, time: ZTimeslotTime });
export type TTimeslotInput = z.infer<typeof ZTimeslotInput>;

// Rails nested attributes: `_destroy` arrives as true, "true", "1" or 1.
const isDestroy = (v: unknown) => v === true || v === "true" || v === "1" || v === 1;

// PATCH entries: {day, time} adds a slot; {id, _destroy: true} removes one. A slot is not edited in place.
const ZTimeslotChange = z
  .object({
    id: z
      .number({ error: "Id must be a timeslot id" })
      .int("Id must be a timeslot id")
      .positive("Id must be a timeslot id")
      .max(MAX_INT4, "Id must be a timeslot id")
      .optional(),
    day: z.unknown().optional(),
    time: z.unknown().optional(),
    _destroy: z.unknown().optional(),
  })
  .transform((entry, ctx): TTimeslotChange => {
    if (isDestroy(entry._destroy)) {
      if (entry.id === undefined)
        ctx.addIssue({ code: "custom", path: ["id"], message: "Id is required to remove a timeslot" });
      return { id: entry.id ?? 0, _destroy: true };
    }
    if (entry.id !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["id"],
        message: "A timeslot can't be changed in place: remove it with {id, _destroy: true} and add the new one",
      });
    }
    const slot = ZTimeslotInput.safeParse({ day: entry.day, time: entry.time });
    if (!slot.success)
      for (const issue of slot.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    return slot.success ? slot.data : { day: 0, time: "00:00" };
  });
export type TTimeslotChange = { id: number; _destroy: true } | { day: number; time: string };

const timeslotList = <T extends z.ZodType>(entry: T) =>
  z
    .array(entry, { error: "queue_timeslots_attributes must be an array of timeslots" })
    .max(QUEUE_TIMESLOTS_MAX, `A queue has at most ${QUEUE_TIMESLOTS_MAX} timeslots`);

// The fields the create dialog edits (a subset of the create body, same validators).
export const ZPostQueueFormFields = z.object({
  profile_group_id: z.string({ error: "Choose a profile group" }).min(1, "Choose a profile group"),
  name: ZQueueName,
  description: ZQueueDescription.optional(),
  timezone: ZQueueTimezone,
  jitter: ZQueueJitter,
});
export type TPostQueueFormFields = z.infer<typeof ZPostQueueFormFields>;

const ZCreatePostQueueFields = z.object({
  name: ZQueueName,
  description: ZQueueDescription.nullish(),
  timezone: ZQueueTimezone.default("UTC"),
  jitter: ZQueueJitter.default(0),
  enabled: ZQueueEnabled.default(true),
  queue_timeslots_attributes: timeslotList(ZTimeslotInput).default([]),
});

const ZUpdatePostQueueFields = z.object({
  name: ZQueueName.optional(),
  description: ZQueueDescription.nullish(),
  timezone: ZQueueTimezone.optional(),
  jitter: ZQueueJitter.optional(),
  enabled: ZQueueEnabled.optional(),
  queue_timeslots_attributes: timeslotList(ZTimeslotChange).optional(),
});

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

// Clients send {profile_group_id, post_queue: {...}} (all SDKs); bare queue fields are accepted too, so
// every issue path starts with "post_queue".
const wrapQueue = (input: unknown) => {
  if (!isObject(input) || isObject(input.post_queue)) return input;
  const { profile_group_id, ...fields } = input;
  return { profile_group_id, post_queue: fields };
};

export const ZCreatePostQueueDoc = z.object({
  profile_group_id: z.string().describe("required; a scoped key may omit it (its own group)"),
  post_queue: ZCreatePostQueueFields,
});
export const ZCreatePostQueueBody = z.preprocess(
  wrapQueue,
  z.object({
    // Required; a scoped key's own group is used when it is missing (the service answers 422 otherwise).
    profile_group_id: z.string({ error: "profile_group_id must be a string" }).optional(),
    post_queue: ZCreatePostQueueFields,
  }),
);
export type TCreatePostQueueBody = z.infer<typeof ZCreatePostQueueBody>;

export const ZUpdatePostQueueDoc = z.object({
  post_queue: ZUpdatePostQueueFields.extend({
    queue_timeslots_attributes: z
      .array(z.union([ZTimeslotInput, z.object({ id: z.int(), _destroy: z.literal(true) })]))
      .optional()
      .describe("{day, time} adds a slot (an existing one is ignored); {id, _destroy: true} removes one"),
  }),
});
export const ZUpdatePostQueueBody = z.preprocess(wrapQueue, z.object({ post_queue: ZUpdatePostQueueFields }));
export type TUpdatePostQueueBody = z.infer<typeof ZUpdatePostQueueBody>;

export const ZListPostQueuesQuery = z.object({
  profile_group_id: z.string().optional().describe("only the queues of this group"),
});
export type TListPostQueuesQuery = z.infer<typeof ZListPostQueuesQuery>;

export const ZQueueTimeslot = z
  .object({ id: z.int(), day: z.int().min(0).max(6), time: z.string() })
  .meta({ id: "QueueTimeslot" });
export type TQueueTimeslot = z.infer<typeof ZQueueTimeslot>;

export const ZPostQueue = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    timezone: z.string(),
    enabled: z.boolean().describe("false means paused: its posts are not published"),
    jitter: z.int().describe("minutes, 0 to 60"),
    profile_group_id: z.string(),
    timeslots: z.array(ZQueueTimeslot).describe("sorted by day, then time"),
    posts_count: z.int().describe("posts waiting in the queue (pending or scheduled, not drafts)"),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "PostQueue" });
export type TPostQueue = z.infer<typeof ZPostQueue>;

export const ZNextSlot = z.object({ next_slot: z.iso.datetime() }).meta({ id: "NextSlot" });
export type TNextSlot = z.infer<typeof ZNextSlot>;

// Admin calendar (staff session): the posts waiting in a queue, and their priority.
export const ZQueuePostsQuery = z.object({
  from: zTimestamp("from must be an ISO 8601 timestamp").optional(),
  to: zTimestamp("to must be an ISO 8601 timestamp").optional(),
});
export type TQueuePostsQuery = z.infer<typeof ZQueuePostsQuery>;

export const ZQueuedPost = z
  .object({
    id: z.string(),
    body: z.string(),
    status: z.string(),
    queue_id: z.string().nullable(),
    queue_priority: ZQueuePriority,
    scheduled_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "QueuedPost" });
export type TQueuedPost = z.infer<typeof ZQueuedPost>;

export const ZQueuedPostParams = zIdParams("post");
export const ZSetQueuedPostPriorityBody = z.object({ queue_priority: ZQueuePriority });
export type TSetQueuedPostPriorityBody = z.infer<typeof ZSetQueuedPostPriorityBody>;
