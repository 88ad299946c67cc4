import { cn } from "@/lib/cn";

const COLORS: Record<string, string> = {
  GET: "bg-sky-100 text-sky-800",
  POST: "bg-emerald-100 text-emerald-800",
  PUT: "bg-amber-100 text-amber-800",
  PATCH: "bg-amber-100 text-amber-800",
  DELETE: "bg-red-100 text-red-800",
};

export const MethodBadge = ({ method, className }: { method: string; className?: string }) => (
  <span
    className={cn(
      "inline-flex w-16 justify-center rounded px-1.5 py-0.5 font-mono text-xs font-semibold",
      COLORS[method] ?? "bg-slate-100 text-slate-700",
      className,
    )}
  >
    {method}
  </span>
);

const statusColor = (status: string): string =>
  status.startsWith("2")
    ? "bg-emerald-50 text-emerald-700 ring-emerald-600/20"
    : status.startsWith("4")
      ? "bg-amber-50 text-amber-800 ring-amber-600/20"
      : "bg-red-50 text-red-700 ring-red-600/20";

export const StatusBadge = ({ status }: { status: string }) => (
  <span
    className={cn(
      "inline-flex rounded px-1.5 py-0.5 font-mono text-xs font-semibold ring-1 ring-inset",
      statusColor(status),
    )}
  >
    {status}
  </span>
);
