"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/query/fetcher";
import { useUpdatePostQueue } from "@/lib/query/post-queues";
import { WEEKDAYS, ZTimeslotInput, type TPostQueue, type TTimeslotInput } from "@/lib/schemas/post-queues";

type FormValues = z.input<typeof ZTimeslotInput>;

// One {day, time} entry of PATCH /api/post_queues/:id's queue_timeslots_attributes, validated as the API does.
export const AddSlotForm = ({ queue }: { queue: TPostQueue }) => {
  const toast = useToast();
  const update = useUpdatePostQueue();
  const form = useForm<FormValues, unknown, TTimeslotInput>({
    resolver: zodResolver(ZTimeslotInput),
    defaultValues: { day: 1, time: "09:00" },
  });
  const { errors } = form.formState;
  const isPending = update.isPending && update.variables?.input.queue_timeslots_attributes !== undefined;

  const onSubmit = form.handleSubmit(async (slot) => {
    const isExisting = queue.timeslots.some((s) => s.day === slot.day && s.time === slot.time);
    try {
      await update.mutateAsync({ id: queue.id, input: { queue_timeslots_attributes: [slot] } });
      toast.success(
        isExisting
          ? `${WEEKDAYS[slot.day]} ${slot.time} is already a slot`
          : `Added ${WEEKDAYS[slot.day]} ${slot.time}`,
      );
    } catch (err) {
      form.setError("root.server", { message: errorMessage(err) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="add-slot-title" data-testid="add-slot-form">
      <p id="add-slot-title" className="text-sm font-medium text-slate-700">
        Add a weekly timeslot
      </p>
      <p className="mt-0.5 text-xs text-slate-500">
        In {queue.timezone}. Adding a slot or removing one rearranges the waiting posts.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor="slot-day">Day</Label>
          <Select
            id="slot-day"
            className="mt-1.5 w-36"
            disabled={isPending}
            aria-invalid={!!errors.day}
            aria-describedby="slot-day-error"
            {...form.register("day", { valueAsNumber: true })}
          >
            {WEEKDAYS.map((name, day) => (
              <option key={name} value={day}>
                {name}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="slot-time">Time</Label>
          <Input
            id="slot-time"
            type="time"
            step={60}
            className="mt-1.5 w-32"
            disabled={isPending}
            aria-invalid={!!errors.time}
            aria-describedby="slot-time-error"
            {...form.register("time")}
          />
        </div>
        <Button type="submit" isLoading={isPending} data-testid="add-slot">
          Add slot
        </Button>
      </div>
      <FieldError id="slot-day-error" message={errors.day?.message} />
      <FieldError id="slot-time-error" message={errors.time?.message} />
      <FieldError message={errors.root?.server?.message} />
    </form>
  );
};
