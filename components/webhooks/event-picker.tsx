"use client";

import { useRef } from "react";
import { FieldError } from "@/components/ui/field-error";
import { cn } from "@/lib/cn";
import { EVENT_TYPES } from "@/lib/schemas/webhooks";
import { ALL_EVENTS, EVENT_GROUPS, isAllEvents, type EventGroup } from "./event-groups";

type Props = {
  id: string;
  value: string[];
  onChange: (events: string[]) => void;
  disabled?: boolean;
  error?: string;
};

const MODES = [
  { isAll: true, label: "All events (*)", hint: "Every event type, including ones added later." },
  { isAll: false, label: "Selected events", hint: "Only the event types ticked below." },
] as const;

// `events` of the webhook body: ["*"], or event names in EVENT_TYPES order.
export const EventPicker = ({ id, value, onChange, disabled = false, error }: Props) => {
  const isAll = isAllEvents(value);
  const selected = new Set(isAll ? [] : value);
  // Switching to "All events" and back restores the ticks.
  const lastSelection = useRef<string[]>(isAll ? [] : value);

  const setSelection = (next: Set<string>) => {
    const events = EVENT_TYPES.filter((e) => next.has(e));
    lastSelection.current = events;
    onChange(events);
  };
  const setAll = (all: boolean) => onChange(all ? [ALL_EVENTS] : lastSelection.current);
  const toggle = (event: string, isChecked: boolean) => {
    const next = new Set(selected);
    if (isChecked) next.add(event);
    else next.delete(event);
    setSelection(next);
  };
  const toggleGroup = (group: EventGroup, isChecked: boolean) => {
    const next = new Set(selected);
    for (const e of group.events) {
      if (isChecked) next.add(e);
      else next.delete(e);
    }
    setSelection(next);
  };

  return (
    <fieldset aria-describedby={`${id}-error`} data-testid={id}>
      <legend className="text-sm font-medium text-slate-700">Events</legend>
      <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
        {MODES.map((m) => (
          <label
            key={m.label}
            className={cn(
              "flex cursor-pointer gap-2.5 rounded-lg p-3 ring-1 ring-inset",
              isAll === m.isAll ? "bg-indigo-50/60 ring-indigo-500" : "ring-slate-200 hover:bg-slate-50",
            )}
          >
            <input
              type="radio"
              name={`${id}-mode`}
              checked={isAll === m.isAll}
              onChange={() => setAll(m.isAll)}
              disabled={disabled}
              className="mt-0.5 accent-indigo-600"
            />
            <span>
              <span className="block text-sm font-medium text-slate-900">{m.label}</span>
              <span className="block text-xs text-slate-500">{m.hint}</span>
            </span>
          </label>
        ))}
      </div>

      {!isAll && (
        <div className="mt-3 max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200">
          {EVENT_GROUPS.map((group) => {
            const checkedCount = group.events.filter((e) => selected.has(e)).length;
            const isGroupFull = checkedCount === group.events.length;
            const headingId = `${id}-group-${group.label.toLowerCase()}`;
            return (
              <div key={group.label} role="group" aria-labelledby={headingId} className="px-3 py-2.5">
                <div className="flex items-center justify-between gap-2">
                  <p id={headingId} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                    {group.label}
                  </p>
                  <button
                    type="button"
                    onClick={() => toggleGroup(group, !isGroupFull)}
                    disabled={disabled}
                    className="text-xs font-medium text-indigo-700 hover:underline disabled:opacity-50"
                    aria-label={`${isGroupFull ? "Clear" : "Select all"} ${group.label.toLowerCase()} events`}
                  >
                    {isGroupFull ? "Clear" : "Select all"}
                  </button>
                </div>
                <div className="mt-1.5 space-y-1">
                  {group.events.map((event) => (
                    <label key={event} className="flex cursor-pointer items-center gap-2 text-sm text-slate-700">
                      <input
                        type="checkbox"
                        value={event}
                        checked={selected.has(event)}
                        onChange={(e) => toggle(event, e.target.checked)}
                        disabled={disabled}
                        data-testid={`${id}-${event}`}
                        className="accent-indigo-600"
                      />
                      <span className="font-mono text-xs">{event}</span>
                    </label>
                  ))}
                </div>
              </div>
            );
          })}
        </div>
      )}
      {!isAll && !error && (
        <p className="mt-1.5 text-xs text-slate-500" aria-live="polite">
          {selected.size === 0 ? "No events selected" : `${selected.size} of ${EVENT_TYPES.length} selected`}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
};
