"use client";

import { cn } from "@/lib/cn";
import { useEnvironment } from "@/lib/query/environment";
import type { TEnvironment } from "@/lib/schemas/common";

const OPTIONS: { value: TEnvironment; label: string; dot: string }[] = [
  { value: "live", label: "Live", dot: "bg-emerald-500" },
  { value: "sandbox", label: "Sandbox", dot: "bg-amber-500" },
];

// Which environment every admin call works in (sent as X-Environment).
export const EnvironmentSwitcher = () => {
  const { environment, setEnvironment } = useEnvironment();
  return (
    <div>
      <p id="env-switcher-label" className="mb-1.5 px-1 text-xs font-medium tracking-wide text-slate-400 uppercase">
        Environment
      </p>
      <div
        role="radiogroup"
        aria-labelledby="env-switcher-label"
        className="grid grid-cols-2 gap-1 rounded-lg bg-slate-800 p-1"
      >
        {OPTIONS.map((o) => {
          const isActive = o.value === environment;
          return (
            <button
              key={o.value}
              type="button"
              role="radio"
              aria-checked={isActive}
              data-testid={`env-switch-${o.value}`}
              onClick={() => setEnvironment(o.value)}
              className={cn(
                "flex items-center justify-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium transition-colors",
                isActive ? "bg-white text-slate-900 shadow-sm" : "text-slate-300 hover:text-white",
              )}
            >
              <span className={cn("size-1.5 rounded-full", o.dot)} aria-hidden />
              {o.label}
            </button>
          );
        })}
      </div>
    </div>
  );
};

export const SandboxBanner = () => {
  const { environment } = useEnvironment();
  if (environment !== "sandbox") return null;
  return (
    <div
      data-testid="sandbox-banner"
      className="border-b border-amber-200 bg-amber-50 px-6 py-2 text-sm text-amber-900 lg:px-10"
    >
      <span className="font-semibold">Sandbox environment.</span> Profile groups and keys here are separate from live;
      nothing is published to real networks.
    </div>
  );
};
