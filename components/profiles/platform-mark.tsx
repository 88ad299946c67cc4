import { cn } from "@/lib/cn";
import { networkMeta } from "@/lib/networks/meta";
import type { TPlatform } from "@/lib/schemas/common";

// A network's recognisable colour and initials (its `mark`, lib/networks/<platform>/meta.ts).

export const PlatformMark = ({ platform, className }: { platform: TPlatform; className?: string }) => (
  <span
    aria-hidden
    className={cn(
      "flex size-7 shrink-0 items-center justify-center rounded-md text-xs font-bold text-white",
      networkMeta(platform).mark.className,
      className,
    )}
  >
    {networkMeta(platform).mark.label}
  </span>
);

export const PlatformName = ({ platform }: { platform: TPlatform }) => (
  <span className="flex items-center gap-2.5">
    <PlatformMark platform={platform} />
    <span className="font-medium text-slate-900">{networkMeta(platform).displayName}</span>
  </span>
);
