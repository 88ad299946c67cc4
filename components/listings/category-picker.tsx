"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useCategorySearch } from "@/lib/query/listings";

type Category = { name: string; displayName: string };
type Props = {
  profileId: string;
  locationId: string;
  regionCode: string;
  primary: Category | null;
  additional: Category[];
  onChange: (next: { primary: Category | null; additional: Category[] }) => void;
  error?: string;
};

// Categories with a search over Google's category list (available_location_categories): one primary,
// up to 9 additional ones.
export const CategoryPicker = ({ profileId, locationId, regionCode, primary, additional, onChange, error }: Props) => {
  const [search, setSearch] = useState("");
  const found = useCategorySearch(profileId, locationId, search, regionCode || "US");
  const taken = new Set([primary?.name, ...additional.map((c) => c.name)]);
  return (
    <div className="space-y-2" data-testid="category-picker">
      <p className="text-sm">
        <span className="font-medium text-slate-900">Primary: </span>
        <span data-testid="primary-category">{primary?.displayName ?? "none"}</span>
      </p>
      <ul className="flex flex-wrap gap-1.5" aria-label="Additional categories">
        {additional.map((c) => (
          <li
            key={c.name}
            className="inline-flex items-center gap-1 rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700"
          >
            {c.displayName}
            <button
              type="button"
              aria-label={`Remove ${c.displayName}`}
              className="text-slate-400 hover:text-red-600"
              onClick={() => onChange({ primary, additional: additional.filter((a) => a.name !== c.name) })}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <Input
        aria-label="Search categories"
        placeholder="Search categories (at least 2 letters)"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {found.data && found.data.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200" data-testid="category-results">
          {found.data.map((c) => (
            <li key={c.name} className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm">
              <span>{c.displayName}</span>
              <span className="flex gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={primary?.name === c.name}
                  onClick={() => onChange({ primary: c, additional: additional.filter((a) => a.name !== c.name) })}
                >
                  Make primary
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={taken.has(c.name)}
                  onClick={() => onChange({ primary, additional: [...additional, c] })}
                >
                  Add
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {found.data?.length === 0 && <p className="text-xs text-slate-500">No category matches “{search}”.</p>}
      {error && <p className="text-xs text-red-600">{error}</p>}
    </div>
  );
};
