import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { errorMessage } from "@/lib/query/fetcher";
import { EmptyState } from "./empty-state";
import { InlineStatus } from "./inline-status";
import { LoadingRows } from "./spinner";

// A list query's states: loading, its error, nothing to show (an empty state), or the list itself.
export const QueryStates = ({
  query,
  count,
  loadingLabel,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  count: number;
  loadingLabel: string;
  empty: { testId: string; title: string; description: string };
  children: ReactNode;
}) =>
  query.isPending ? (
    <LoadingRows label={loadingLabel} />
  ) : query.isError ? (
    <InlineStatus>{errorMessage(query.error)}</InlineStatus>
  ) : count === 0 ? (
    <EmptyState testId={empty.testId} title={empty.title} description={empty.description} />
  ) : (
    <>{children}</>
  );

// An inbox's two columns: a selectable list (a listbox of rows) and the selected row's detail beside it.
export const ListDetail = ({
  label,
  testId,
  className,
  listClassName,
  detailClassName,
  items,
  detail,
}: {
  label: string;
  testId: string;
  className: string;
  listClassName?: string;
  detailClassName?: string;
  items: ReactNode;
  detail: ReactNode;
}) => (
  <div className={cn("grid gap-4", className)}>
    <ul
      role="listbox"
      aria-label={label}
      data-testid={testId}
      className={cn(
        "divide-y divide-slate-100 overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200",
        listClassName,
      )}
    >
      {items}
    </ul>
    <aside className={cn("self-start rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200", detailClassName)}>
      {detail}
    </aside>
  </div>
);
