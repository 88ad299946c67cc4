export const LoadingRows = ({ label = "Loading…" }: { label?: string }) => (
  <div
    className="flex items-center gap-2 rounded-lg bg-white px-4 py-6 text-sm text-slate-500 shadow-sm ring-1 ring-slate-200"
    aria-live="polite"
  >
    <span className="size-4 animate-spin rounded-full border-2 border-slate-300 border-r-transparent" aria-hidden />
    {label}
  </div>
);
