import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

export const Table = ({ className, ...props }: HTMLAttributes<HTMLTableElement>) => (
  <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
    <table className={cn("min-w-full divide-y divide-slate-200 text-sm", className)} {...props} />
  </div>
);

export const THead = (props: HTMLAttributes<HTMLTableSectionElement>) => <thead className="bg-slate-50" {...props} />;

export const TBody = (props: HTMLAttributes<HTMLTableSectionElement>) => (
  <tbody className="divide-y divide-slate-100" {...props} />
);

export const Tr = ({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) => (
  <tr className={cn("hover:bg-slate-50/60", className)} {...props} />
);

export const Th = ({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th
    scope="col"
    className={cn("px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase", className)}
    {...props}
  />
);

export const Td = ({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td className={cn("px-4 py-3 whitespace-nowrap text-slate-700", className)} {...props} />
);
