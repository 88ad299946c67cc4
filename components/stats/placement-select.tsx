"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTransition } from "react";
import { Select } from "@/components/ui/select";

// The placement whose stats are shown (facebook pages, linkedin organizations, telegram channels): kept
// in the URL (?placement=…) so the server renders its series.
export const PlacementSelect = ({
  placements,
  selected,
}: {
  placements: { id: string; name: string }[];
  selected: string;
}) => {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [isPending, startTransition] = useTransition();
  return (
    <label className="flex items-center gap-2 text-sm text-slate-600">
      <span>Placement</span>
      <Select
        data-testid="stats-placement"
        value={selected}
        disabled={isPending}
        aria-busy={isPending}
        onChange={(e) => {
          const params = new URLSearchParams(searchParams.toString());
          params.set("placement", e.target.value);
          startTransition(() => router.replace(`${pathname}?${params.toString()}`, { scroll: false }));
        }}
        className="w-auto max-w-xs"
      >
        {placements.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({p.id})
          </option>
        ))}
      </Select>
    </label>
  );
};
