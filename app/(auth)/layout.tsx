import type { ReactNode } from "react";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex items-center justify-center gap-2.5">
          <span
            className="flex size-8 items-center justify-center rounded-lg bg-indigo-600 text-sm font-bold text-white"
            aria-hidden
          >
            P
          </span>
          <span className="text-lg font-semibold tracking-tight text-slate-900">Publisher admin</span>
        </div>
        <div className="rounded-xl bg-white p-8 shadow-sm ring-1 ring-slate-200">{children}</div>
      </div>
    </main>
  );
}
