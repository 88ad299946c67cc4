import { cn } from "@/lib/cn";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import type { TPlatform } from "@/lib/schemas/common";

// A network's recognisable colour and initials (no logo files or icon dependency).
const MARKS: Record<TPlatform, { label: string; className: string }> = {
  facebook: { label: "f", className: "bg-[#1877F2]" },
  instagram: { label: "IG", className: "bg-gradient-to-br from-[#F58529] via-[#DD2A7B] to-[#8134AF]" },
  tiktok: { label: "TT", className: "bg-slate-900" },
  linkedin: { label: "in", className: "bg-[#0A66C2]" },
  youtube: { label: "YT", className: "bg-[#FF0000]" },
  twitter: { label: "X", className: "bg-black" },
  threads: { label: "@", className: "bg-black" },
  pinterest: { label: "P", className: "bg-[#E60023]" },
  bluesky: { label: "B", className: "bg-[#1185FE]" },
  telegram: { label: "T", className: "bg-[#26A5E4]" },
  google_business: { label: "G", className: "bg-[#4285F4]" },
  whatsapp: { label: "W", className: "bg-[#25D366]" },
};

export const PlatformMark = ({ platform, className }: { platform: TPlatform; className?: string }) => (
  <span
    aria-hidden
    className={cn(
      "flex size-7 shrink-0 items-center justify-center rounded-md text-xs font-bold text-white",
      MARKS[platform].className,
      className,
    )}
  >
    {MARKS[platform].label}
  </span>
);

export const PlatformName = ({ platform }: { platform: TPlatform }) => (
  <span className="flex items-center gap-2.5">
    <PlatformMark platform={platform} />
    <span className="font-medium text-slate-900">{DISPLAY_NAMES[platform]}</span>
  </span>
);
