"use client";

import { useRouter } from "next/navigation";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";

// The list filter: changing it navigates (the list is rendered on the server from the query string).
export const StatusFilter = ({ statuses, value }: { statuses: readonly string[]; value: string }) => {
  const router = useRouter();
  // A new filter starts again at the first page.
  const onChange = (status: string) =>
    router.push(status ? `/posts?${new URLSearchParams({ status }).toString()}` : "/posts");

  return (
    <div className="flex items-center gap-2">
      <Label htmlFor="posts-status-filter" className="text-slate-500">
        Status
      </Label>
      <Select
        key={value}
        id="posts-status-filter"
        data-testid="posts-status-filter"
        defaultValue={value}
        onChange={(e) => onChange(e.target.value)}
        className="w-56"
      >
        <option value="">All posts</option>
        {statuses.map((s) => (
          <option key={s} value={s}>
            {s.replaceAll("_", " ")}
          </option>
        ))}
      </Select>
    </div>
  );
};
