"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { InlineStatus } from "@/components/ui/inline-status";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { LoadingRows } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { useEnvironment } from "@/lib/query/environment";
import { ApiClientError, errorMessage } from "@/lib/query/fetcher";
import { useNextSlot, usePostQueue, useUpdatePostQueue } from "@/lib/query/post-queues";
import type { TPostQueue } from "@/lib/schemas/post-queues";
import { AddSlotForm } from "./add-slot-form";
import { formatSlot, timeZoneNames } from "./calendar";
import { DeleteQueueDialog } from "./delete-queue-dialog";
import { QueueStatusBadge } from "./queue-badges";
import { WeekCalendar } from "./week-calendar";

const BackLink = () => (
  <Link href="/queues" className="mb-4 inline-block text-sm font-medium text-indigo-700 hover:underline">
    ← Queues
  </Link>
);

export const QueueView = ({ id }: { id: string }) => {
  const { environment } = useEnvironment();
  const queue = usePostQueue(id);

  if (queue.isPending) {
    return (
      <>
        <BackLink />
        <LoadingRows label="Loading queue…" />
      </>
    );
  }
  if (queue.isError) {
    const isMissing = queue.error instanceof ApiClientError && queue.error.status === 404;
    return (
      <>
        <BackLink />
        {isMissing ? (
          <EmptyState
            testId="queue-not-found"
            title="Queue not found"
            description={`There is no queue ${id} in the ${environment} environment. It was deleted, or it belongs to the other environment.`}
            action={
              <Link href="/queues" className={buttonClass({ variant: "secondary" })}>
                All queues
              </Link>
            }
          />
        ) : (
          <InlineStatus>
            Could not load the queue: {errorMessage(queue.error)}{" "}
            <button type="button" className="font-medium underline" onClick={() => queue.refetch()}>
              Retry
            </button>
          </InlineStatus>
        )}
      </>
    );
  }
  return <QueueDetails queue={queue.data} />;
};

const QueueDetails = ({ queue }: { queue: TPostQueue }) => {
  const router = useRouter();
  const toast = useToast();
  const update = useUpdatePostQueue();
  const nextSlot = useNextSlot(queue.id);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const zones = useMemo(() => timeZoneNames(queue.timezone), [queue.timezone]);

  const onToggle = () =>
    update.mutate(
      { id: queue.id, input: { enabled: !queue.enabled } },
      {
        onSuccess: () =>
          toast.success(
            queue.enabled
              ? "Queue paused: its posts are not published"
              : "Queue resumed: posts rearranged into future slots",
          ),
        onError: (err) =>
          toast.error(`Could not ${queue.enabled ? "pause" : "resume"} the queue: ${errorMessage(err)}`),
      },
    );

  const onTimezone = (timezone: string) =>
    update.mutate(
      { id: queue.id, input: { timezone } },
      {
        onSuccess: () => toast.success(`Timezone set to ${timezone}; posts rearranged`),
        onError: (err) => toast.error(`Could not change the timezone: ${errorMessage(err)}`),
      },
    );

  return (
    <>
      <BackLink />
      <PageHeader
        title={queue.name}
        description={
          <>
            {queue.description && <span className="block">{queue.description}</span>}
            <span className="font-mono text-xs text-slate-400">{queue.id}</span>
          </>
        }
        actions={
          <>
            <QueueStatusBadge enabled={queue.enabled} testId="queue-status" />
            <Button
              variant="secondary"
              onClick={onToggle}
              isLoading={update.isPending && update.variables?.input.enabled !== undefined}
              data-testid="toggle-queue"
            >
              {queue.enabled ? "Pause queue" : "Resume queue"}
            </Button>
            <Button variant="dangerGhost" onClick={() => setIsDeleteOpen(true)} data-testid="delete-queue">
              Delete
            </Button>
          </>
        }
      />

      {!queue.enabled && (
        <InlineStatus tone="warning" className="mb-6">
          Paused: posts in this queue are not published, even when their time comes. Resuming moves every waiting post,
          including past-due ones, into future slots.
        </InlineStatus>
      )}

      <div className="mb-6 grid gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-[minmax(0,16rem)_1fr]">
        <div className="space-y-3">
          <div>
            <Label htmlFor="queue-timezone-select">Timezone</Label>
            <Select
              id="queue-timezone-select"
              className="mt-1.5"
              value={queue.timezone}
              disabled={update.isPending}
              onChange={(e) => onTimezone(e.target.value)}
              data-testid="queue-timezone"
            >
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </Select>
          </div>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500">Jitter</dt>
            <dd className="text-slate-900" data-testid="queue-jitter">
              {queue.jitter === 0 ? "none" : `± ${queue.jitter} min`}
            </dd>
            <dt className="text-slate-500">Waiting posts</dt>
            <dd className="text-slate-900 tabular-nums" data-testid="queue-posts-count">
              {queue.posts_count}
            </dd>
            <dt className="text-slate-500">Next free slot</dt>
            <dd className="text-slate-900" data-testid="queue-next-slot">
              {nextSlot.isPending
                ? "…"
                : nextSlot.isError
                  ? "unavailable"
                  : nextSlot.data
                    ? formatSlot(nextSlot.data, queue.timezone)
                    : "no timeslots"}
            </dd>
          </dl>
        </div>
        <AddSlotForm queue={queue} />
      </div>

      <WeekCalendar queue={queue} />

      <DeleteQueueDialog
        queue={isDeleteOpen ? queue : null}
        onClose={() => setIsDeleteOpen(false)}
        onDeleted={() => router.push("/queues")}
      />
    </>
  );
};
