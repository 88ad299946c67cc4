import { issueMessages } from "@/lib/api/parse";
import type { DraftMedia, PostDraft, PostRules } from "../post-rules";

// For the post-rules tests: media items, and a harness that parses raw `platforms.<network>` params
// the way the posts service will (issueMessages: the 422 texts) and validates a draft around them.

export const image = (i = 0): DraftMedia => ({ url: `https://cdn.example/photo-${i}.jpg`, kind: "image" });
export const images = (n: number): DraftMedia[] => Array.from({ length: n }, (_, i) => image(i));
export const video = (i = 0): DraftMedia => ({ url: `https://cdn.example/clip-${i}.mp4`, kind: "video" });
export const videos = (n: number): DraftMedia[] => Array.from({ length: n }, (_, i) => video(i));
export const gif = (i = 0): DraftMedia => ({ url: `https://cdn.example/anim-${i}.gif`, kind: "gif" });
export const doc = (i = 0): DraftMedia => ({ url: `https://cdn.example/deck-${i}.pdf`, kind: "document" });

type Profile = PostDraft<unknown>["profile"];
export type DraftInput = { body?: string; media?: DraftMedia[]; thread?: PostDraft<unknown>["thread"]; profile?: Partial<Profile> };

export const rulesHarness = <T>(rules: PostRules<T>, defaults: DraftInput = {}) => {
  const profile = (over?: Partial<Profile>): Profile => ({
    connectedAt: new Date("2026-01-15T00:00:00Z"),
    metadata: {},
    placementIds: [],
    ...defaults.profile,
    ...over,
  });
  return {
    parse: (raw: unknown): T => rules.params.parse(raw),
    // The 422 messages for invalid params ([] when they parse).
    paramIssues: (raw: unknown): string[] => {
      const parsed = rules.params.safeParse(raw);
      return parsed.success ? [] : issueMessages(parsed.error, raw);
    },
    validate: (raw: unknown, draft: DraftInput = {}): string[] =>
      rules.validate({
        body: draft.body ?? defaults.body ?? "Hello",
        media: draft.media ?? defaults.media ?? [],
        thread: draft.thread ?? defaults.thread ?? [],
        profile: profile(draft.profile),
        params: rules.params.parse(raw),
      }),
  };
};
