import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/lib/cn";

// Links to the neighbouring pages (zero-indexed like the API), keeping the other query parameters.
export const PostsPagination = ({
  page,
  perPage,
  total,
  query,
}: {
  page: number;
  perPage: number;
  total: number;
  query: Record<string, string>;
}) => {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const hrefOf = (p: number) =>
    `/posts?${new URLSearchParams({ ...query, ...(p > 0 && { page: String(p) }) }).toString()}`.replace(/\?$/, "");
  const from = Math.min(total, page * perPage + 1);
  const to = Math.min(total, (page + 1) * perPage);
  const link = (p: number, label: string, isDisabled: boolean) =>
    isDisabled ? (
      <span
        className={cn(buttonClass({ variant: "secondary", size: "sm" }), "pointer-events-none opacity-50")}
        aria-disabled
      >
        {label}
      </span>
    ) : (
      <Link
        href={hrefOf(p)}
        className={buttonClass({ variant: "secondary", size: "sm" })}
        data-testid={`posts-page-${label.toLowerCase()}`}
      >
        {label}
      </Link>
    );
  return (
    <nav
      aria-label="Pagination"
      data-testid="posts-pagination"
      className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-500"
    >
      <p>
        Showing{" "}
        <span className="font-medium text-slate-700 tabular-nums">
          {from}–{to}
        </span>{" "}
        of <span className="font-medium text-slate-700 tabular-nums">{total}</span>
      </p>
      <div className="flex items-center gap-2">
        {link(page - 1, "Previous", page <= 0)}
        <span className="tabular-nums">
          Page {page + 1} of {pageCount}
        </span>
        {link(page + 1, "Next", page >= pageCount - 1)}
      </div>
    </nav>
  );
};
