import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

const TONES = {
  slate: "bg-slate-100 text-slate-700 ring-slate-500/20",
  indigo: "bg-indigo-50 text-indigo-700 ring-indigo-600/20",
  green: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/20",
  red: "bg-red-50 text-red-700 ring-red-600/20",
  blue: "bg-sky-50 text-sky-700 ring-sky-600/20",
} as const;

export type BadgeTone = keyof typeof TONES;

export const Badge = ({
  tone = "slate",
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) => (
  <span
    className={cn(
      "inline-flex items-center rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset",
      TONES[tone],
      className,
    )}
    {...props}
  />
);

export const EnvironmentBadge = ({ sandbox }: { sandbox: boolean }) =>
  sandbox ? <Badge tone="amber">sandbox</Badge> : <Badge tone="green">live</Badge>;
