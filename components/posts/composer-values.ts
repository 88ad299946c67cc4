import type { TPlatform } from "@/lib/schemas/common";
import { QUEUE_PRIORITIES } from "@/lib/schemas/posts";
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
