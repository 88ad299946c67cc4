"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { InlineStatus } from "@/components/ui/inline-status";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/query/fetcher";
import { useGroupQueues, usePublishPost, useUpdatePost } from "@/lib/query/posts";
import { QUEUE_PRIORITIES, type TPost } from "@/lib/schemas/posts";
import { availableActions } from "./available-actions";
import { localInput, scheduledIso } from "./composer-values";
import { DeletePostDialog } from "./delete-post-dialog";
import { networkNames } from "./network-names";
import { failedPlatforms } from "./post-summary";

// The actions on a post's page, each shown only when the API allows it (available-actions.ts). Anything
// that reaches live networks (publish, publish now, retry, delete everywhere) is confirmed first, naming
// the networks. Errors are the API's text; on success the post is replaced in the cache and the server
// parts refresh.

type Open = null | "publish" | "retry" | "reschedule" | "queue" | "delete";
type Props = { post: TPost; profileNames: Record<string, string> };

export const PostActions = ({ post, profileNames }: Props) => {
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState<Open>(null);
  // Each opening starts the form dialogs afresh from the post (a new key), while a close keeps them
  // mounted so that Radix returns focus to the button that opened them.
  const [openings, setOpenings] = useState(0);
  const publish = usePublishPost();
  const update = useUpdatePost();
  const actions = availableActions(post);
  const queues = useGroupQueues(actions.edit ? post.profile_group_id : null);
  const failed = failedPlatforms(post.platforms);

  const show = (which: Open) => {
    publish.reset();
    update.reset();
    setOpenings((n) => n + 1);
    setOpen(which);
  };
  const done = (message: string) => {
    toast.success(message);
    setOpen(null);
    router.refresh();
  };
  const patch = (body: Record<string, unknown>, message: string) =>
    update.mutate({ id: post.id, body }, { onSuccess: () => done(message) });

  const everyNetwork = networkNames(post.platforms, profileNames);
  const when = post.scheduled_at ? "at its scheduled time" : post.queue_id ? "in its queue slot" : "at once";

  return (
    <>
      <div className="flex flex-wrap gap-2" data-testid="post-actions">
        {actions.publishDraft && (
          <Button onClick={() => show("publish")} data-testid="publish-post">
            Publish
          </Button>
        )}
        {actions.publishNow && (
          <Button onClick={() => show("publish")} data-testid="publish-now">
            Publish now
          </Button>
        )}
        {actions.retryFailed && (
          <Button onClick={() => show("retry")} data-testid="retry-failed">
            Retry failed networks
          </Button>
        )}
        {actions.edit && (
          <Link
            href={`/posts/${encodeURIComponent(post.id)}/edit`}
            className={buttonClass({ variant: "secondary" })}
            data-testid="edit-post"
          >
            Edit
          </Link>
        )}
        {actions.edit && (
          <Button variant="secondary" onClick={() => show("reschedule")} data-testid="reschedule-post">
            Reschedule
          </Button>
        )}
        {actions.edit && (queues.data?.length ?? 0) > 0 && (
          <Button variant="secondary" onClick={() => show("queue")} data-testid="move-queue">
            {post.queue_id ? "Queue / priority" : "Add to queue"}
          </Button>
        )}
        <Link
          href={`/posts/new?from=${encodeURIComponent(post.id)}`}
          className={buttonClass({ variant: "secondary" })}
          data-testid="duplicate-post"
        >
          Duplicate
        </Link>
        <Button variant="secondary" className="text-red-600" onClick={() => show("delete")} data-testid="delete-post">
          Delete
        </Button>
      </div>

      <ConfirmDialog
        open={open === "publish"}
        onOpenChange={(o) => !o && setOpen(null)}
        title={actions.publishDraft ? "Publish this draft?" : "Publish now?"}
        testId="publish-dialog"
        description={
          <p>
            {actions.publishDraft ? `It goes out ${when} to ` : "It goes out at once, instead of at its time, to "}
            <span className="font-semibold text-slate-900" data-testid="publish-networks">
              {everyNetwork}
            </span>
            .
          </p>
        }
        confirmLabel={actions.publishDraft ? "Publish" : "Publish now"}
        onConfirm={() =>
          actions.publishDraft
            ? publish.mutate(post.id, { onSuccess: () => done("Publishing started") })
            : patch({ post: { scheduled_at: null, draft: false }, queue_id: null }, "Publishing started")
        }
        isPending={publish.isPending || update.isPending}
        error={publish.error ? errorMessage(publish.error) : update.error ? errorMessage(update.error) : null}
      />

      <ConfirmDialog
        open={open === "retry"}
        onOpenChange={(o) => !o && setOpen(null)}
        title="Retry failed networks?"
        testId="retry-dialog"
        description={
          <>
            <p>
              The post is sent again to{" "}
              <span className="font-semibold text-slate-900" data-testid="retry-networks">
                {networkNames(failed, profileNames)}
              </span>
              . Networks where it is published are not touched.
            </p>
          </>
        }
        confirmLabel="Retry"
        onConfirm={() => publish.mutate(post.id, { onSuccess: () => done("Retrying the failed networks") })}
        isPending={publish.isPending}
        error={publish.error ? errorMessage(publish.error) : null}
      />

      <RescheduleDialog
        key={`reschedule-${openings}`}
        open={open === "reschedule"}
        post={post}
        onClose={() => setOpen(null)}
        onSave={(iso) => patch({ post: { scheduled_at: iso }, queue_id: null }, "Rescheduled")}
        isPending={update.isPending}
        error={update.error ? errorMessage(update.error) : null}
      />

      <QueueDialog
        key={`queue-${openings}`}
        open={open === "queue"}
        post={post}
        queues={queues.data ?? []}
        onClose={() => setOpen(null)}
        onSave={(queueId, priority) => patch({ queue_id: queueId, queue_priority: priority }, "Queue updated")}
        isPending={update.isPending}
        error={update.error ? errorMessage(update.error) : null}
      />

      <DeletePostDialog
        post={open === "delete" ? post : null}
        profileNames={profileNames}
        onClose={() => setOpen(null)}
        onDeleted={() => {
          router.push("/posts");
          router.refresh();
        }}
      />
    </>
  );
};

type FormDialogProps = {
  open: boolean;
  title: string;
  testId: string;
  onClose: () => void;
  onSubmit: () => void;
  isPending: boolean;
  error: string | null;
  problem?: string | null;
  children: ReactNode;
};

const FormDialog = ({
  open,
  title,
  testId,
  onClose,
  onSubmit,
  isPending,
  error,
  problem,
  children,
}: FormDialogProps) => (
  <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={title} isLocked={isPending} testId={testId}>
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem) onSubmit();
      }}
    >
      <div className="space-y-3">{children}</div>
      {problem && <InlineStatus className="mt-4">{problem}</InlineStatus>}
      {error && <InlineStatus className="mt-4">{error}</InlineStatus>}
      <DialogFooter>
        <Button variant="secondary" onClick={onClose} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isPending} data-testid={`${testId}-save`}>
          Save
        </Button>
      </DialogFooter>
    </form>
  </Dialog>
);

export const RescheduleDialog = ({
  open,
  post,
  onClose,
  onSave,
  isPending,
  error,
}: {
  open: boolean;
  post: TPost;
  onClose: () => void;
  onSave: (iso: string) => void;
  isPending: boolean;
  error: string | null;
}) => {
  const [local, setLocal] = useState(post.scheduled_at ? localInput(post.scheduled_at) : "");
  const iso = scheduledIso(local);
  const problem = !iso ? "Pick a date and time" : Date.parse(iso) <= Date.now() ? "Pick a time in the future" : null;
  return (
    <FormDialog
      open={open}
      title="Reschedule"
      testId="reschedule-dialog"
      onClose={onClose}
      onSubmit={() => iso && onSave(iso)}
      isPending={isPending}
      error={error}
      problem={local ? problem : null}
    >
      <Label htmlFor="reschedule-at">Date and time</Label>
      <Input
        id="reschedule-at"
        type="datetime-local"
        value={local}
        onChange={(e) => setLocal(e.target.value)}
        data-testid="reschedule-at"
      />
      <p className="text-xs text-slate-500">
        Your time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).
        {post.queue_id && " The post leaves its queue."}
      </p>
    </FormDialog>
  );
};

const QueueDialog = ({
  open,
  post,
  queues,
  onClose,
  onSave,
  isPending,
  error,
}: {
  open: boolean;
  post: TPost;
  queues: { id: string; name: string; enabled: boolean }[];
  onClose: () => void;
  onSave: (queueId: string, priority: string) => void;
  isPending: boolean;
  error: string | null;
}) => {
  const [queueId, setQueueId] = useState(post.queue_id ?? "");
  const [priority, setPriority] = useState<string>(post.queue_priority ?? "medium");
  return (
    <FormDialog
      open={open}
      title="Queue and priority"
      testId="queue-dialog"
      onClose={onClose}
      onSubmit={() => onSave(queueId, priority)}
      isPending={isPending}
      error={error}
      problem={queueId ? null : "Choose a queue"}
    >
      <Label htmlFor="move-queue-id">Queue</Label>
      <Select id="move-queue-id" value={queueId} onChange={(e) => setQueueId(e.target.value)}>
        <option value="">Choose a queue…</option>
        {queues.map((q) => (
          <option key={q.id} value={q.id}>
            {q.name}
            {q.enabled ? "" : " (paused)"}
          </option>
        ))}
      </Select>
      <Label htmlFor="move-queue-priority">Priority</Label>
      <Select id="move-queue-priority" value={priority} onChange={(e) => setPriority(e.target.value)}>
        {QUEUE_PRIORITIES.map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </Select>
      <p className="text-xs text-slate-500">The queue gives the post its slot; higher priority gets earlier slots.</p>
    </FormDialog>
  );
};
