import "server-only";
import { unprocessable } from "@/lib/errors";
import { mediaSizeIssues } from "@/lib/media/validate";
import { issueMessages } from "@/lib/schemas/issue-messages";
import { mediaKindOf, type DraftMedia, type FormatLimits } from "@/lib/networks/post-rules";
import { listPlatforms, networkMeta, platformsWhere } from "@/lib/networks/meta";
import { CAPABILITIES, PLACEMENT_PARAM } from "@/lib/networks/platforms";
import type { TPlatform } from "@/lib/schemas/common";
import type { Target } from "./targets";

// Every network rule (the Limits of the API reference at /docs), through each target network's post rules
// (lib/networks/<platform>/post-rules.ts). Sandbox profiles follow the rules of the real network. One
// 422 lists every problem, each naming its network and field.

export type MediaInput = { url: string; contentType?: string | null; sizeBytes?: number | null };
export type CheckedTarget = {
  target: Target;
  params: Record<string, unknown>;
  placementId: string | null;
  limits: FormatLimits | undefined;
};

// A network's post rules: always the real network's (sandbox profiles follow them too).
// The networks with post chains, as the 422 lists them ("twitter, threads and bluesky").
const CHAIN_PLATFORMS = listPlatforms(platformsWhere((network) => network.capabilities.chains));

export const rulesOf = (platform: TPlatform) => networkMeta(platform).postRules;

const draftMedia = (media: MediaInput[]): DraftMedia[] =>
  media.map((m) => ({ url: m.url, kind: mediaKindOf(m), sizeBytes: m.sizeBytes ?? null }));

// Files whose size is already known (uploads, media an edit keeps once stored) against the format's
// limit for their kind; a URL not yet downloaded is checked at publishing (lib/services/posts/publish-input.ts).
const sizeIssues = (media: DraftMedia[], limits: FormatLimits, field: string): string[] =>
  media.flatMap((m, i) => mediaSizeIssues({ kind: m.kind, sizeBytes: m.sizeBytes ?? null }, limits, `${field}[${i}]`));

export const checkAgainstRules = ({
  targets,
  body,
  media,
  thread,
  platforms,
}: {
  targets: Target[];
  body: string;
  media: MediaInput[];
  thread: { body: string; media: MediaInput[] }[];
  platforms: Record<string, Record<string, unknown> | undefined>;
}): CheckedTarget[] => {
  const problems: string[] = [];
  const checked: CheckedTarget[] = [];
  for (const target of targets) {
    const p = target.platform;
    const rules = rulesOf(p);
    if (!rules) {
      problems.push(`${p}: posting is not supported`);
      continue;
    }
    if (thread.length > 0 && !CAPABILITIES[p].chains)
      problems.push(`${p}: thread is not supported (post chains exist on ${CHAIN_PLATFORMS} only)`);
    const raw = platforms[p] ?? {};
    const parsed = rules.params.safeParse(raw);
    if (!parsed.success) {
      problems.push(...issueMessages(parsed.error, raw).map((m) => `platforms.${p}.${m}`));
      continue;
    }
    const draft = {
      body,
      media: draftMedia(media),
      thread: thread.map((t) => ({ body: t.body, media: draftMedia(t.media) })),
    };
    const limits = rules.formats[rules.formatOf(parsed.data)];
    const issues = rules.validate({
      ...draft,
      params: parsed.data,
      profile: {
        connectedAt: target.connectedAt,
        metadata: (target.metadata ?? {}) as Record<string, unknown>,
        placementIds: target.placements.map((pl) => pl.externalId),
      },
    });
    if (limits) {
      issues.push(...sizeIssues(draft.media, limits, "media"));
      draft.thread.forEach((t, i) => issues.push(...sizeIssues(t.media, limits, `thread[${i}].media`)));
    }
    problems.push(...issues.map((m) => `${p}: ${m}`));
    const params = parsed.data as Record<string, unknown>;
    const key = PLACEMENT_PARAM[p];
    const placementId = key && params[key] !== undefined && params[key] !== null ? String(params[key]) : null;
    checked.push({ target, params, placementId, limits });
  }
  if (problems.length) throw unprocessable(problems);
  return checked;
};
