"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/query/fetcher";
import { useDeletePostQueue } from "@/lib/query/post-queues";
import type { TPostQueue } from "@/lib/schemas/post-queues";

type Props = { queue: TPostQueue | null; onClose: () => void; onDeleted?: () => void };

export const DeleteQueueDialog = ({ queue, onClose, onDeleted }: Props) => {
  const toast = useToast();
  const deleteQueue = useDeletePostQueue();

  const close = () => {
    deleteQueue.reset();
    onClose();
  };

  const onConfirm = () => {
    if (!queue) return;
    deleteQueue.mutate(queue.id, {
      onSuccess: () => {
        toast.success(`Deleted “${queue.name}”`);
        close();
        onDeleted?.();
      },
    });
  };

  return (
    <ConfirmDialog
      open={queue !== null}
      onOpenChange={(open) => !open && close()}
      title="Delete queue?"
      testId="delete-queue-dialog"
      description={
        <>
          <p>
            <span className="font-semibold text-slate-900">{queue?.name}</span> and its timeslots are deleted.
          </p>
          <p>
            Its {queue?.posts_count ?? 0} waiting {queue?.posts_count === 1 ? "post keeps" : "posts keep"} their
            scheduled time and publish then, outside any queue. To hold them back instead, pause the queue.
          </p>
        </>
      }
      confirmLabel="Delete queue"
      onConfirm={onConfirm}
      isPending={deleteQueue.isPending}
      error={deleteQueue.error ? errorMessage(deleteQueue.error) : null}
    />
  );
};
