"use client";

import Link from "next/link";
import { useState } from "react";
import { PageHeader, SectionHeader } from "@/components/layout/page-header";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { InlineStatus } from "@/components/ui/inline-status";
import { LoadingRows } from "@/components/ui/spinner";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { useEnvironment } from "@/lib/query/environment";
import { errorMessage } from "@/lib/query/fetcher";
import { usePostQueues } from "@/lib/query/post-queues";
import { useProfileGroups } from "@/lib/query/profile-groups";
import type { TPostQueue } from "@/lib/schemas/post-queues";
import { CreateQueueDialog } from "./create-queue-dialog";
import { DeleteQueueDialog } from "./delete-queue-dialog";
import { QueueStatusBadge } from "./queue-badges";

export const QueuesView = () => {
  const { environment } = useEnvironment();
  const groups = useProfileGroups();
  const queues = usePostQueues();
  // undefined: closed; "": open without a preselected group
  const [createFor, setCreateFor] = useState<string | undefined>(undefined);
  const [toDelete, setToDelete] = useState<TPostQueue | null>(null);

  const isPending = groups.isPending || queues.isPending;
  const error = groups.error ?? queues.error;

  return (
    <>
      <PageHeader
        title="Queues"
        description={
          <>
            Posting queues of the <span className="font-medium text-slate-700">{environment}</span> environment, per
            profile group. A queue places its posts into weekly timeslots: high priority first, then oldest first.
          </>
        }
        actions={
          <Button onClick={() => setCreateFor("")} data-testid="new-queue">
            New queue
          </Button>
        }
      />

      {isPending ? (
        <LoadingRows label="Loading queues…" />
      ) : error ? (
        <InlineStatus>
          Could not load queues: {errorMessage(error)}{" "}
          <button
            type="button"
            className="font-medium underline"
            onClick={() => Promise.all([groups.refetch(), queues.refetch()])}
          >
            Retry
          </button>
        </InlineStatus>
      ) : groups.data!.length === 0 ? (
        <EmptyState
          testId="queues-no-groups"
          title={`No profile groups in ${environment} yet`}
          description="Queues belong to a profile group. Create a group first."
          action={
            <Link href="/profile-groups" className={buttonClass({ variant: "secondary" })}>
              Profile groups
            </Link>
          }
        />
      ) : (
        <div className="space-y-8">
          {groups.data!.map((group) => {
            const ofGroup = queues.data!.filter((q) => q.profile_group_id === group.id);
            return (
              <section key={group.id} aria-labelledby={`queues-of-${group.id}`} data-testid={`queue-group-${group.id}`}>
                <SectionHeader
                  id={`queues-of-${group.id}`}
                  title={group.name}
                  actions={
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setCreateFor(group.id)}
                      aria-label={`New queue in ${group.name}`}
                    >
                      New queue
                    </Button>
                  }
                />
                {ofGroup.length === 0 ? (
                  <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-4 text-sm text-slate-500">
                    No queues in this group.
                  </p>
                ) : (
                  <Table>
                    <THead>
                      <tr>
                        <Th>Name</Th>
                        <Th>Timezone</Th>
                        <Th className="text-right">Slots / week</Th>
                        <Th className="text-right">Waiting posts</Th>
                        <Th>Status</Th>
                        <Th>
                          <span className="sr-only">Actions</span>
                        </Th>
                      </tr>
                    </THead>
                    <TBody>
                      {ofGroup.map((q) => (
                        <Tr key={q.id} data-testid={`queue-row-${q.id}`}>
                          <Td>
                            <Link
                              href={`/queues/${encodeURIComponent(q.id)}`}
                              className="font-medium text-slate-900 hover:text-indigo-700 hover:underline"
                              data-testid={`open-queue-${q.id}`}
                            >
                              {q.name}
                            </Link>
                            <div className="font-mono text-xs text-slate-400">{q.id}</div>
                          </Td>
                          <Td>{q.timezone}</Td>
                          <Td className="text-right tabular-nums" data-testid="queue-slots-count">
                            {q.timeslots.length}
                          </Td>
                          <Td className="text-right tabular-nums" data-testid="queue-posts-count">
                            {q.posts_count}
                          </Td>
                          <Td>
                            <QueueStatusBadge enabled={q.enabled} testId="queue-status" />
                          </Td>
                          <Td className="w-0 text-right">
                            <div className="flex justify-end gap-0.5">
                              <Link
                                href={`/queues/${encodeURIComponent(q.id)}`}
                                className={buttonClass({ variant: "ghost", size: "sm" })}
                                aria-label={`Calendar of ${q.name}`}
                              >
                                Calendar
                              </Link>
                              <Button
                                variant="dangerGhost"
                                size="sm"
                                aria-label={`Delete ${q.name}`}
                                data-testid={`delete-queue-${q.id}`}
                                onClick={() => setToDelete(q)}
                              >
                                Delete
                              </Button>
                            </div>
                          </Td>
                        </Tr>
                      ))}
                    </TBody>
                  </Table>
                )}
              </section>
            );
          })}
        </div>
      )}

      <CreateQueueDialog
        open={createFor !== undefined}
        onOpenChange={(open) => !open && setCreateFor(undefined)}
        groupId={createFor || undefined}
      />
      <DeleteQueueDialog queue={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
};
