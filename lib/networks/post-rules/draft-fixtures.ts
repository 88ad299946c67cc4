import { issueMessages } from "@/lib/schemas/issue-messages";
import type { DraftMedia, PostDraft, PostRules } from ".";

// Test helpers for the networks' post rules: drafts built the way the posts service will build them
// (parse `platforms.<network>` with the rules' schema, then validate the whole draft).

// Media items; the name (a string or an index) only makes URLs distinct.
const item =
  (kind: DraftMedia["kind"], base: string, ext: string) =>
  (name: string | number = base): DraftMedia => ({
    url: `https://cdn.example/${typeof name === "number" ? `${base}-${name}` : name}.${ext}`,
    kind,
  });
export const image = item("image", "photo", "jpg");
export const video = item("video", "clip", "mp4");
export const gif = item("gif", "anim", "gif");
export const doc = item("document", "deck", "pdf");
export const images = (n: number): DraftMedia[] => Array.from({ length: n }, (_, i) => image(i));
export const videos = (n: number): DraftMedia[] => Array.from({ length: n }, (_, i) => video(i));

// The 422 messages the posts service gives for `platforms.<network>` (as `<field>: <message>`), or the
// parsed params.
export const parseParams = <T>(
  rules: PostRules<T>,
  raw: unknown,
): { ok: true; params: T } | { ok: false; errors: string[] } => {
  const parsed = rules.params.safeParse(raw);
  return parsed.success ? { ok: true, params: parsed.data } : { ok: false, errors: issueMessages(parsed.error, raw) };
};

export const paramErrors = <T>(rules: PostRules<T>, raw: unknown): string[] => {
  const parsed = parseParams(rules, raw);
  return parsed.ok ? [] : parsed.errors;
};

export type DraftInput = Partial<Omit<PostDraft<unknown>, "params" | "profile">> & {
  profile?: Partial<PostDraft<unknown>["profile"]>;
};

export const draftFor = <T>(rules: PostRules<T>, raw: unknown, input: DraftInput = {}): PostDraft<T> => {
  const parsed = parseParams(rules, raw);
  if (!parsed.ok) throw new Error(`params do not parse: ${parsed.errors.join("; ")}`);
  return {
    body: input.body ?? "Hello",
    media: input.media ?? [],
    thread: input.thread ?? [],
    params: parsed.params,
    profile: { connectedAt: new Date("2026-01-01T00:00:00Z"), metadata: {}, placementIds: [], ...input.profile },
  };
};

// validate() of a draft built from raw params.
export const issuesOf = <T>(rules: PostRules<T>, raw: unknown, input: DraftInput = {}): string[] =>
  rules.validate(draftFor(rules, raw, input));
