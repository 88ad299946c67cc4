"use client";

import type { UseFormRegister } from "react-hook-form";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { cn } from "@/lib/cn";
import { errorMessage } from "@/lib/query/fetcher";
import { QUEUE_PRIORITIES } from "@/lib/schemas/posts";
import type { TComposerValues, TScheduleMode } from "./composer-values";
import { useGroupQueues } from "@/lib/query/posts";

const MODES: { value: TScheduleMode; label: string; hint: string }[] = [
  { value: "now", label: "Publish now", hint: "As soon as media are ready" },
  { value: "at", label: "Schedule", hint: "At a date and time" },
  { value: "queue", label: "Add to queue", hint: "In the queue's next free slot" },
  { value: "draft", label: "Save as draft", hint: "Publish it later from its page" },
];

type Props = {
  register: UseFormRegister<TComposerValues>;
  mode: TScheduleMode;
  groupId: string;
  problem: string | null;
  showProblem: boolean;
};

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const ScheduleField = ({ register, mode, groupId, problem, showProblem }: Props) => {
  const queues = useGroupQueues(mode === "queue" && groupId ? groupId : null);

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-700">When</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {MODES.map((m) => (
          <label
            key={m.value}
            className={cn(
              "flex cursor-pointer flex-col rounded-lg px-3 py-2 text-sm ring-1",
              mode === m.value ? "bg-indigo-50 ring-indigo-400" : "bg-white ring-slate-200 hover:ring-slate-300",
            )}
          >
            <span className="flex items-center gap-2 font-medium text-slate-900">
              <input
                type="radio"
                value={m.value}
                className="accent-indigo-600"
                data-testid={`schedule-${m.value}`}
                {...register("schedule")}
              />
              {m.label}
            </span>
            <span className="mt-0.5 text-xs text-slate-500">{m.hint}</span>
          </label>
        ))}
      </div>

      {mode === "at" && (
        <div className="max-w-xs">
          <Label htmlFor="composer-scheduled-at">Date and time</Label>
          <Input
            id="composer-scheduled-at"
            type="datetime-local"
            className="mt-1.5"
            aria-describedby="composer-scheduled-at-error"
            {...register("scheduled_at")}
          />
          <p className="mt-1 text-xs text-slate-500">Your time zone ({timeZone()})</p>
          <FieldError id="composer-scheduled-at-error" message={showProblem ? (problem ?? undefined) : undefined} />
        </div>
      )}

      {mode === "queue" && (
        <div className="grid max-w-xl grid-cols-1 gap-3 sm:grid-cols-2">
          <div>
            <Label htmlFor="composer-queue">Queue</Label>
            <Select
              id="composer-queue"
              className="mt-1.5"
              disabled={!groupId || queues.isPending}
              {...register("queue_id")}
            >
              <option value="">
                {!groupId
                  ? "Choose a group first"
                  : queues.isPending
                    ? "Loading…"
                    : queues.data?.length
                      ? "Choose a queue…"
                      : "This group has no queues"}
              </option>
              {(queues.data ?? []).map((q) => (
                <option key={q.id} value={q.id}>
                  {q.name}
                  {q.enabled ? "" : " (paused)"}
                </option>
              ))}
            </Select>
            {queues.isError && <FieldError message={`Could not load queues: ${errorMessage(queues.error)}`} />}
            <FieldError message={showProblem ? (problem ?? undefined) : undefined} />
          </div>
          <div>
            <Label htmlFor="composer-queue-priority">Priority</Label>
            <Select id="composer-queue-priority" className="mt-1.5" {...register("queue_priority")}>
              {QUEUE_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </Select>
          </div>
        </div>
      )}
    </fieldset>
  );
};
