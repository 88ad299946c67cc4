"use client";

import Link from "next/link";
import { useState } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { InlineStatus } from "@/components/ui/inline-status";
import { LoadingRows } from "@/components/ui/spinner";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { useEnvironment } from "@/lib/query/environment";
import { errorMessage } from "@/lib/query/fetcher";
import { useProfileGroups } from "@/lib/query/profile-groups";
import type { TProfileGroup } from "@/lib/schemas/profile-groups";
import { CreateProfileGroupDialog } from "./create-profile-group-dialog";
import { DeleteProfileGroupDialog } from "./delete-profile-group-dialog";

export const ProfileGroupsView = () => {
  const { environment } = useEnvironment();
  const groups = useProfileGroups();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [toDelete, setToDelete] = useState<TProfileGroup | null>(null);

  const newGroupButton = (testId: string) => (
    <Button onClick={() => setIsCreateOpen(true)} data-testid={testId}>
      New profile group
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Profile groups"
        description={
          <>
            Groups of the <span className="font-medium text-slate-700">{environment}</span> environment. Each group
            holds the social profiles of one client; scoped API keys act on a single group.
          </>
        }
        actions={newGroupButton("new-profile-group")}
      />

      {groups.isPending ? (
        <LoadingRows label="Loading profile groups…" />
      ) : groups.isError ? (
        <InlineStatus>
          Could not load profile groups: {errorMessage(groups.error)}{" "}
          <button type="button" className="font-medium underline" onClick={() => groups.refetch()}>
            Retry
          </button>
        </InlineStatus>
      ) : groups.data.length === 0 ? (
        <EmptyState
          testId="profile-groups-empty"
          title={`No profile groups in ${environment} yet`}
          description="Create a group for each client or brand, then connect its social profiles."
          action={newGroupButton("new-profile-group-empty")}
        />
      ) : (
        <Table data-testid="profile-groups-table">
          <THead>
            <tr>
              <Th>Name</Th>
              <Th className="text-right">Profiles</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </THead>
          <TBody>
            {groups.data.map((g) => (
              <Tr key={g.id} data-testid={`profile-group-row-${g.id}`}>
                <Td>
                  <Link
                    href={`/profile-groups/${encodeURIComponent(g.id)}`}
                    className="font-medium text-slate-900 hover:text-indigo-700 hover:underline"
                    data-testid={`open-profile-group-${g.id}`}
                  >
                    {g.name}
                  </Link>
                  <div className="font-mono text-xs text-slate-400">{g.id}</div>
                </Td>
                <Td className="text-right tabular-nums" data-testid="profiles-count">
                  {g.profiles_count}
                </Td>
                <Td className="w-0 text-right">
                  <div className="flex justify-end gap-0.5">
                    <Link
                      href={`/profile-groups/${encodeURIComponent(g.id)}`}
                      className={buttonClass({ variant: "ghost", size: "sm" })}
                      aria-label={`Profiles of ${g.name}`}
                    >
                      Profiles
                    </Link>
                    <Button
                      variant="dangerGhost"
                      size="sm"
                      aria-label={`Delete ${g.name}`}
                      data-testid={`delete-profile-group-${g.id}`}
                      onClick={() => setToDelete(g)}
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

      <CreateProfileGroupDialog open={isCreateOpen} onOpenChange={setIsCreateOpen} />
      <DeleteProfileGroupDialog group={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
};
