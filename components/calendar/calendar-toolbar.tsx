"use client";

import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { cn } from "@/lib/cn";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import { PLATFORMS } from "@/lib/schemas/common";
import type { TPostQueue } from "@/lib/schemas/post-queues";
import type { TProfileGroup } from "@/lib/schemas/profile-groups";
import { LIST_STATUSES } from "@/lib/schemas/posts";
import type { TCalendarParams } from "./calendar-params";
import { zoneLabel, type TCalendarView, type THourCycle } from "./dates";

// The calendar's controls: period and view, the filters (brand, network, status, queue), the zone the
// grid uses and the 12/24-hour choice. Every change goes to the URL through `set`.

type Props = {
  params: TCalendarParams;
  heading: string;
  zone: string;
  zoneChoice: string; // "browser" or a brand id
  browserZone: string;
  zoneAt: Date;
  brands: TProfileGroup[];
  queues: TPostQueue[];
  brandZoneOf: (brand: string) => string;
  cycle: THourCycle;
  setCycle: (cycle: THourCycle) => void;
  set: (changes: Partial<Record<keyof TCalendarParams, string | null>>) => void;
  step: (by: number) => void;
};

const VIEWS: TCalendarView[] = ["month", "week", "day"];

const Segmented = <T extends string>({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  testId: string;
}) => (
  <div role="group" aria-label={label} className="inline-flex rounded-md ring-1 ring-slate-300">
    {options.map((o) => (
      <button
        key={o.value}
        type="button"
        aria-pressed={o.value === value}
        data-testid={`${testId}-${o.value}`}
        onClick={() => onChange(o.value)}
        className={cn(
          "h-8 px-2.5 text-xs font-medium first:rounded-l-md last:rounded-r-md",
          o.value === value ? "bg-indigo-600 text-white" : "bg-white text-slate-700 hover:bg-slate-50",
        )}
      >
        {o.label}
      </button>
    ))}
  </div>
);

const FilterSelect = ({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) => (
  <div className="flex min-w-0 flex-col gap-1">
    <label className="text-xs font-medium text-slate-600" htmlFor={id}>
      {label}
    </label>
    <Select id={id} value={value} onChange={(e) => onChange(e.target.value)} className="h-8 py-0 text-xs">
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Select>
  </div>
);

export const CalendarToolbar = (props: Props) => {
  const { params, brands, queues, set } = props;
  const brandQueues = params.brand ? queues.filter((q) => q.profile_group_id === params.brand) : queues;
  return (
    <div className="mb-4 space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => props.step(-1)} aria-label="Previous">
          ‹
        </Button>
        <Button variant="secondary" size="sm" onClick={() => set({ date: null })}>
          Today
        </Button>
        <Button variant="secondary" size="sm" onClick={() => props.step(1)} aria-label="Next">
          ›
        </Button>
        <h2 className="mx-1 text-base font-semibold text-slate-900" data-testid="calendar-heading">
          {props.heading}
        </h2>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <Segmented
            label="View"
            testId="calendar-view"
            value={params.view}
            options={VIEWS.map((v) => ({ value: v, label: v[0]!.toUpperCase() + v.slice(1) }))}
            onChange={(view) => set({ view })}
          />
          <Segmented
            label="Clock"
            testId="hour-cycle"
            value={props.cycle}
            options={[
              { value: "h12", label: "12h" },
              { value: "h23", label: "24h" },
            ]}
            onChange={props.setCycle}
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        <FilterSelect
          id="calendar-brand"
          label="Brand"
          value={params.brand ?? ""}
          options={[{ value: "", label: "All brands" }, ...brands.map((b) => ({ value: b.id, label: b.name }))]}
          onChange={(brand) => set({ brand, queue: null })}
        />
        <FilterSelect
          id="calendar-network"
          label="Network"
          value={params.network ?? ""}
          options={[
            { value: "", label: "All networks" },
            ...PLATFORMS.map((p) => ({ value: p, label: DISPLAY_NAMES[p] })),
          ]}
          onChange={(network) => set({ network })}
        />
        <FilterSelect
          id="calendar-status"
          label="Status"
          value={params.status ?? ""}
          options={[
            { value: "", label: "All statuses" },
            ...LIST_STATUSES.map((s) => ({ value: s, label: s.replaceAll("_", " ") })),
          ]}
          onChange={(status) => set({ status })}
        />
        <FilterSelect
          id="calendar-queue"
          label="Queue"
          value={params.queue ?? ""}
          options={[{ value: "", label: "All queues" }, ...brandQueues.map((q) => ({ value: q.id, label: q.name }))]}
          onChange={(queue) => set({ queue })}
        />
        <FilterSelect
          id="calendar-zone"
          label="Time zone"
          value={props.zoneChoice}
          options={[
            { value: "browser", label: `Your browser: ${props.browserZone}` },
            ...brands.map((b) => ({ value: b.id, label: `${b.name}: ${props.brandZoneOf(b.id)}` })),
          ]}
          onChange={(zone) => set({ zone })}
        />
      </div>
      <p className="text-xs text-slate-500">
        Times in <span data-testid="calendar-zone-label">{zoneLabel(props.zone, props.zoneAt)}</span>
      </p>
    </div>
  );
};
