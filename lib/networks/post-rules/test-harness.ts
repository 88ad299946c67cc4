import type { PostRules } from ".";
import { draftFor, paramErrors, type DraftInput } from "./draft-fixtures";

export { doc, gif, image, images, video, videos } from "./draft-fixtures";

// The draft fixtures bound to one network's rules, with per-file defaults (a fixed connection date,
// placements, a default body): parse params, list their 422 messages, validate a whole draft.
export const rulesHarness = <T>(rules: PostRules<T>, defaults: DraftInput = {}) => {
  const withDefaults = (draft: DraftInput = {}): DraftInput => ({
    body: "Hello",
    ...defaults,
    ...draft,
    profile: { connectedAt: new Date("2026-01-15T00:00:00Z"), ...defaults.profile, ...draft.profile },
  });
  return {
    parse: (raw: unknown): T => rules.params.parse(raw),
    paramIssues: (raw: unknown): string[] => paramErrors(rules, raw),
    validate: (raw: unknown, draft: DraftInput = {}): string[] =>
      rules.validate(draftFor(rules, raw, withDefaults(draft))),
  };
};
