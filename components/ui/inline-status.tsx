import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

const TONES = {
  error: "bg-red-50 text-red-800 ring-red-200",
  warning: "bg-amber-50 text-amber-900 ring-amber-200",
  success: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  info: "bg-slate-50 text-slate-700 ring-slate-200",
} as const;

// A message inside a form or page section (server errors, warnings, outcomes). Errors are announced (role=alert);
// tests match them by text because Next's route announcer also has role=alert.
export const InlineStatus = ({
  tone = "error",
  children,
  className,
}: {
  tone?: keyof typeof TONES;
  children: ReactNode;
  className?: string;
}) =>
  children ? (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("rounded-md px-3 py-2 text-sm ring-1 ring-inset", TONES[tone], className)}
    >
      {children}
    </div>
  ) : null;
