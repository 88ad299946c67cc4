import type { ReactNode } from "react";

export const EmptyState = ({
  title,
  description,
  action,
  testId,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) => (
  <div
    data-testid={testId}
    className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center"
  >
    <p className="text-sm font-semibold text-slate-900">{title}</p>
    {description && <p className="mx-auto mt-1 max-w-md text-sm text-slate-500">{description}</p>}
    {action && <div className="mt-4">{action}</div>}
  </div>
);
