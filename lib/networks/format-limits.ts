import type { TPlatform } from "@/lib/schemas/common";
import { networkMeta } from "./meta";
import type { FormatLimits } from "./post-rules";

// The media limits of the format that a post's params select, from the network's own post rules
// (lib/networks/<platform>/post-rules.ts): what the posts service checks at creation and publishing, and
// what the sandbox network refuses. Params are parsed again (stored params are already normalised);
// undefined for networks that take no posts and for params that select no format (they do not parse).
export const formatLimitsOf = (platform: TPlatform, params: unknown): FormatLimits | undefined => {
  const rules = networkMeta(platform).postRules;
  const parsed = rules?.params.safeParse(params ?? {});
  return parsed?.success ? rules!.formats[rules!.formatOf(parsed.data)] : undefined;
};
