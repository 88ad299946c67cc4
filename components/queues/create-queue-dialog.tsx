"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { InlineStatus } from "@/components/ui/inline-status";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { useEnvironment } from "@/lib/query/environment";
import { errorMessage } from "@/lib/query/fetcher";
import { useCreatePostQueue } from "@/lib/query/post-queues";
import { useProfileGroups } from "@/lib/query/profile-groups";
import { splitServerErrors } from "@/lib/query/server-errors";
import { ZPostQueueFormFields, type TPostQueueFormFields } from "@/lib/schemas/post-queues";
import { browserTimeZone, timeZoneNames } from "./calendar";

type FormValues = z.input<typeof ZPostQueueFormFields>;
type Props = { open: boolean; onOpenChange: (open: boolean) => void; groupId?: string };

// 422 paths of POST /api/post_queues -> the form's fields.
const SERVER_FIELDS = {
  profile_group_id: "profile_group_id",
  "post_queue.name": "name",
  "post_queue.description": "description",
  "post_queue.timezone": "timezone",
  "post_queue.jitter": "jitter",
} as const satisfies Record<string, keyof FormValues>;

export const CreateQueueDialog = ({ open, onOpenChange, groupId }: Props) => {
  const { environment } = useEnvironment();
  const toast = useToast();
  const groups = useProfileGroups();
  const createQueue = useCreatePostQueue();
  const zones = useMemo(() => timeZoneNames(), []);
  // The fields of POST /api/post_queues the dialog edits, with the API's own validators.
  const form = useForm<FormValues, unknown, TPostQueueFormFields>({
    resolver: zodResolver(ZPostQueueFormFields),
    values: { profile_group_id: groupId ?? "", name: "", description: "", timezone: browserTimeZone(), jitter: 0 },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = form.formState;
  const isPending = createQueue.isPending;

  const close = (next: boolean) => {
    if (!next) {
      form.reset();
      createQueue.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit(async ({ profile_group_id, ...fields }) => {
    try {
      const queue = await createQueue.mutateAsync({
        profile_group_id,
        post_queue: { ...fields, description: fields.description || undefined },
      });
      toast.success(`Created “${queue.name}”`);
      close(false);
    } catch (err) {
      const server = splitServerErrors(err, Object.keys(SERVER_FIELDS) as (keyof typeof SERVER_FIELDS)[]);
      for (const [path, field] of Object.entries(SERVER_FIELDS)) {
        const message = server.fields[path as keyof typeof SERVER_FIELDS];
        if (message) form.setError(field, { type: "server", message });
      }
      if (server.general) form.setError("root.server", { message: server.general });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      isLocked={isPending}
      title="New queue"
      description={`A queue publishes a profile group's posts into weekly timeslots, highest priority first (${environment} environment).`}
      testId="create-queue-dialog"
    >
      {groups.isSuccess && groups.data.length === 0 ? (
        <InlineStatus tone="info">
          A queue belongs to a profile group, and the {environment} environment has none yet.{" "}
          <Link href="/profile-groups" className="font-medium text-indigo-700 underline" onClick={() => close(false)}>
            Create a profile group
          </Link>{" "}
          first.
        </InlineStatus>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField id="queue-group" label="Profile group" error={errors.profile_group_id?.message}>
            <Select
              id="queue-group"
              aria-invalid={!!errors.profile_group_id}
              aria-describedby="queue-group-error"
              disabled={isPending || groups.isPending}
              {...form.register("profile_group_id")}
            >
              <option value="">{groups.isPending ? "Loading…" : "Choose a group…"}</option>
              {groups.data?.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="queue-name" label="Name" error={errors.name?.message}>
            <Input
              id="queue-name"
              autoFocus
              placeholder="Weekday mornings"
              aria-invalid={!!errors.name}
              aria-describedby="queue-name-error"
              disabled={isPending}
              {...form.register("name")}
            />
          </FormField>
          <FormField id="queue-description" label="Description" hint="Optional." error={errors.description?.message}>
            <Input
              id="queue-description"
              aria-invalid={!!errors.description}
              aria-describedby="queue-description-error"
              disabled={isPending}
              {...form.register("description")}
            />
          </FormField>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_9rem]">
            <FormField
              id="queue-timezone"
              label="Timezone"
              hint="Timeslots are read in this zone."
              error={errors.timezone?.message}
            >
              <Select
                id="queue-timezone"
                aria-invalid={!!errors.timezone}
                aria-describedby="queue-timezone-error"
                disabled={isPending}
                {...form.register("timezone")}
              >
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField
              id="queue-jitter"
              label="Jitter (minutes)"
              hint="0 to 60, ± per post."
              error={errors.jitter?.message}
            >
              <Input
                id="queue-jitter"
                type="number"
                min={0}
                max={60}
                step={1}
                aria-invalid={!!errors.jitter}
                aria-describedby="queue-jitter-error"
                disabled={isPending}
                {...form.register("jitter", { valueAsNumber: true })}
              />
            </FormField>
          </div>
          <InlineStatus>
            {errors.root?.server?.message ?? (groups.isError ? errorMessage(groups.error) : null)}
          </InlineStatus>
          <DialogFooter>
            <Button variant="secondary" onClick={() => close(false)} disabled={isPending}>
              Cancel
            </Button>
            <Button type="submit" isLoading={isPending}>
              Create queue
            </Button>
          </DialogFooter>
        </form>
      )}
    </Dialog>
  );
};
