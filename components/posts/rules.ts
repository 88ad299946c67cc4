import type { z } from "zod";
import { networkMeta } from "@/lib/networks/meta";
import {
  graphemeLength,
  mediaKindOf,
  type DraftMedia,
  type FormatLimits,
  type PostRules,
} from "@/lib/networks/post-rules";
import type { TPlatform } from "@/lib/schemas/common";
import { issueMessages } from "@/lib/schemas/issue-messages";

// The networks' own post rules (isomorphic, the ones POST /api/posts checks with), run live in the
// composer so its messages are the 422's, without the `<network>: ` / `platforms.<network>.` prefix.
// Networks without post rules take no posts.

type AnyRules = PostRules<unknown>;

export const postRulesOf = (platform: TPlatform): AnyRules | undefined => networkMeta(platform).postRules;

export const canPostTo = (platform: TPlatform): boolean => postRulesOf(platform) !== undefined;

export type TMediaEntry = { url: string; contentType?: string | null };

// As the posts service sees media: URLs by extension, uploads by content type (named by file name).
export const draftMediaOf = (media: TMediaEntry[]): DraftMedia[] =>
  media.map((m) => ({ url: m.url, kind: mediaKindOf(m) }));

// The top-level keys of a params schema (an object, or an object piped into a transform).
export const schemaKeys = (schema: z.ZodType): string[] => {
  const def = (
    schema as unknown as { _zod: { def: { type: string; shape?: Record<string, unknown>; in?: z.ZodType } } }
  )._zod.def;
  if (def.type === "object" && def.shape) return Object.keys(def.shape);
  if (def.type === "pipe" && def.in) return schemaKeys(def.in);
  return [];
};

export type TNetworkCheck = {
  format: string;
  limits: FormatLimits | undefined;
  issues: string[];
};

export type TCheckInput = {
  body: string;
  media: DraftMedia[];
  params: Record<string, unknown>;
  profile: { connectedAt: Date; placementIds: (string | null)[] };
};

// One network's verdict, in the order the service checks: params first (a bad parameter stops there),
// then the whole draft.
export const checkNetwork = (rules: AnyRules, { body, media, params, profile }: TCheckInput): TNetworkCheck => {
  const parsed = rules.params.safeParse(params);
  const formats = Object.keys(rules.formats);
  if (!parsed.success) {
    const format = typeof params.format === "string" && formats.includes(params.format) ? params.format : formats[0]!;
    return { format, limits: rules.formats[format], issues: issueMessages(parsed.error, params) };
  }
  const format = rules.formatOf(parsed.data);
  // The profile's metadata (the X subscription tier) is not exposed to the admin: the free limits apply.
  const issues = rules.validate({
    body,
    media,
    thread: [],
    params: parsed.data,
    profile: { ...profile, metadata: {} },
  });
  return { format, limits: rules.formats[format], issues };
};

// The body's length as the format counts it (graphemes for bluesky, code points elsewhere).
export const bodyLength = (body: string, limits: FormatLimits | undefined): number =>
  limits?.countGraphemes ? graphemeLength(body) : [...body].length;
