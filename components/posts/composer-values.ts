import type { TPlatform } from "@/lib/schemas/common";
import { QUEUE_PRIORITIES, type TPost } from "@/lib/schemas/posts";
import { rawParams } from "./network-fields";
import { postRulesOf, type TMediaEntry } from "./rules";
import type { TCreatePostRequest } from "@/lib/query/posts";

// The composer's form values and how they become a POST /api/posts request.

export type TParamValue = string | boolean | string[];

export const SCHEDULE_MODES = ["now", "at", "draft", "queue"] as const;
export type TScheduleMode = (typeof SCHEDULE_MODES)[number];

export type TComposerValues = {
  profile_group_id: string;
  profiles: string[];
  body: string;
  media_urls: { url: string }[];
  // platforms.<network> as the controls hold them: strings, booleans, string lists.
  platforms: Partial<Record<TPlatform, Record<string, TParamValue>>>;
  schedule: TScheduleMode;
  scheduled_at: string; // datetime-local, in the browser's time zone
  queue_id: string;
  queue_priority: (typeof QUEUE_PRIORITIES)[number];
};

export const EMPTY_VALUES: TComposerValues = {
  profile_group_id: "",
  profiles: [],
  body: "",
  media_urls: [],
  platforms: {},
  schedule: "now",
  scheduled_at: "",
  queue_id: "",
  queue_priority: "medium",
};

export type TChosenProfile = { id: string; platform: TPlatform };

// The format a network's options are on: the chosen one, or the network's default (its first).
export const formatOf = (platform: TPlatform, values: Record<string, unknown> | undefined): string => {
  const formats = Object.keys(postRulesOf(platform)?.formats ?? {});
  const chosen = values?.format;
  return typeof chosen === "string" && formats.includes(chosen) ? chosen : (formats[0] ?? "post");
};

export const paramsOf = (platform: TPlatform, values: TComposerValues): Record<string, unknown> =>
  rawParams(platform, values.platforms[platform], formatOf(platform, values.platforms[platform]));

export const mediaUrls = (values: TComposerValues): string[] =>
  values.media_urls.map((m) => m.url.trim()).filter(Boolean);

export const draftMediaEntries = (values: TComposerValues, files: File[]): TMediaEntry[] => [
  ...mediaUrls(values).map((url) => ({ url })),
  // As the service names uploads (media-intake asMediaInput).
  ...files.map((f) => ({ url: f.name || "upload", contentType: f.type })),
];

// datetime-local ("2026-05-01T09:30") is read in the browser's zone; the API gets an absolute instant.
export const scheduledIso = (local: string): string | null => {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

export const scheduleProblem = (values: TComposerValues, now = Date.now()): string | null => {
  if (values.schedule === "at") {
    const iso = scheduledIso(values.scheduled_at);
    if (!iso) return "Pick a date and time";
    if (new Date(iso).getTime() <= now) return "Pick a time in the future";
  }
  if (values.schedule === "queue" && !values.queue_id) return "Choose a queue";
  return null;
};

// The JSON body (no files) in the API's shape.
export const requestBody = (values: TComposerValues, chosen: TChosenProfile[]) => {
  const platforms = Object.fromEntries(
    [...new Set(chosen.map((p) => p.platform))]
      .map((platform) => [platform, paramsOf(platform, values)] as const)
      .filter(([, params]) => Object.keys(params).length > 0),
  );
  const urls = mediaUrls(values);
  return {
    profile_group_id: values.profile_group_id,
    profiles: chosen.map((p) => p.id),
    post: {
      body: values.body,
      ...(values.schedule === "at" && { scheduled_at: scheduledIso(values.scheduled_at) }),
      ...(values.schedule === "draft" && { draft: true }),
    },
    ...(urls.length > 0 && { media: urls }),
    ...(Object.keys(platforms).length > 0 && { platforms }),
    ...(values.schedule === "queue" && { queue_id: values.queue_id, queue_priority: values.queue_priority }),
  };
};

// With uploads: multipart in Rails bracket style (post[body], profiles[], media[] URL and file parts,
// platforms[<network>][<key>], list values as platforms[<network>][<key>][]).
const toForm = (body: ReturnType<typeof requestBody>, files: File[]): FormData => {
  const form = new FormData();
  form.append("profile_group_id", body.profile_group_id);
  for (const id of body.profiles) form.append("profiles[]", id);
  for (const [key, value] of Object.entries(body.post))
    if (value !== undefined && value !== null) form.append(`post[${key}]`, String(value));
  for (const url of body.media ?? []) form.append("media[]", url);
  for (const file of files) form.append("media[]", file, file.name);
  for (const [network, params] of Object.entries(body.platforms ?? {})) {
    for (const [key, value] of Object.entries(params)) {
      if (Array.isArray(value)) for (const item of value) form.append(`platforms[${network}][${key}][]`, String(item));
      else form.append(`platforms[${network}][${key}]`, String(value));
    }
  }
  if (body.queue_id) form.append("queue_id", body.queue_id);
  if (body.queue_priority) form.append("queue_priority", body.queue_priority);
  return form;
};

export const createRequest = (values: TComposerValues, chosen: TChosenProfile[], files: File[]): TCreatePostRequest => {
  const body = requestBody(values, chosen);
  return files.length > 0 ? { form: toForm(body, files) } : { json: body };
};

// An existing post as composer values: to edit it, or to start a copy (duplicate).
const asParamValue = (value: unknown): TParamValue | undefined => {
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(String);
  return undefined;
};

// An instant as datetime-local in the browser's zone ("2026-05-01T09:30").
export const localInput = (iso: string): string => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export const valuesFromPost = (post: TPost): TComposerValues => {
  const platforms: TComposerValues["platforms"] = {};
  for (const pp of post.platforms) {
    const entries = Object.entries(pp.params ?? {}).flatMap(([k, v]) => {
      const value = asParamValue(v);
      return value === undefined ? [] : [[k, value] as const];
    });
    platforms[pp.platform] = Object.fromEntries(entries);
  }
  const schedule: TScheduleMode = post.draft
    ? "draft"
    : post.queue_id
      ? "queue"
      : post.scheduled_at && new Date(post.scheduled_at).getTime() > Date.now()
        ? "at"
        : "now";
  return {
    profile_group_id: post.profile_group_id,
    profiles: post.platforms.map((p) => p.profile_id),
    body: post.body,
    media_urls: post.media.flatMap((m) => ((m.source_url ?? m.url) ? [{ url: (m.source_url ?? m.url)! }] : [])),
    platforms,
    schedule,
    scheduled_at: post.scheduled_at ? localInput(post.scheduled_at) : "",
    queue_id: post.queue_id ?? "",
    queue_priority: post.queue_priority ?? "medium",
  };
};

// PATCH /api/posts/:id from the composer (lib/contracts/posts.ts updatePost): profiles replace; platforms
// merge per key; media are sent only when changed (omitted = unchanged); the schedule is set outright
// ("now" clears the time and the queue, so the post goes out at once).
export const updateRequest = (
  values: TComposerValues,
  chosen: TChosenProfile[],
  files: File[],
  mediaChanged: boolean,
): Record<string, unknown> | FormData => {
  const { profile_group_id: _group, media, ...create } = requestBody(values, chosen);
  const queued = values.schedule === "queue";
  if (files.length > 0) return toForm({ ...requestBody(values, chosen) }, files);
  return {
    ...create,
    post: {
      body: values.body,
      draft: values.schedule === "draft",
      // A draft keeps its time (the composer offers none for drafts).
      ...(!queued &&
        values.schedule !== "draft" && {
          scheduled_at: values.schedule === "at" ? scheduledIso(values.scheduled_at) : null,
        }),
    },
    ...(mediaChanged && { media: media ?? [] }),
    queue_id: queued ? values.queue_id : null,
    ...(queued && { queue_priority: values.queue_priority }),
  };
};

// /posts/new?scheduled_at=<ISO>&group=<id>&queue=<id> (the calendar's empty hours and open slots): a new
// post in that group, scheduled at that time (shown in the browser's zone) or added to that queue.
export type TComposerPrefill = { scheduledAt?: string; groupId?: string; queueId?: string };

export const prefilledValues = ({ scheduledAt, groupId, queueId }: TComposerPrefill): TComposerValues => ({
  ...EMPTY_VALUES,
  profile_group_id: groupId ?? "",
  ...(queueId
    ? { schedule: "queue", queue_id: queueId }
    : scheduledAt && { schedule: "at", scheduled_at: localInput(scheduledAt) }),
});
