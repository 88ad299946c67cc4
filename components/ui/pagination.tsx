import { Button } from "./button";

type Props = {
  // Zero-indexed, like the API's `page`.
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  // While the requested page loads (the previous one stays on screen).
  isChangingPage?: boolean;
  testId?: string;
};

export const Pagination = ({ page, perPage, total, onPageChange, isChangingPage = false, testId }: Props) => {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const from = Math.min(total, page * perPage + 1);
  const to = Math.min(total, (page + 1) * perPage);
  return (
    <nav
      aria-label="Pagination"
      data-testid={testId}
      className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-500"
    >
      <p aria-live="polite">
        {total === 0 ? (
          "No results"
        ) : (
          <>
            Showing{" "}
            <span className="font-medium text-slate-700 tabular-nums">
              {from}–{to}
            </span>{" "}
            of <span className="font-medium text-slate-700 tabular-nums">{total}</span>
          </>
        )}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onPageChange(page - 1)}
          disabled={page <= 0 || isChangingPage}
        >
          Previous
        </Button>
        <span className="tabular-nums">
          Page {page + 1} of {pageCount}
        </span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onPageChange(page + 1)}
          disabled={page >= pageCount - 1 || isChangingPage}
        >
          Next
        </Button>
      </div>
    </nav>
  );
};
