"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/query/fetcher";
import { useDeleteProfileGroup } from "@/lib/query/profile-groups";
import type { TProfileGroup } from "@/lib/schemas/profile-groups";

type Props = { group: TProfileGroup | null; onClose: () => void };

export const DeleteProfileGroupDialog = ({ group, onClose }: Props) => {
  const toast = useToast();
  const deleteGroup = useDeleteProfileGroup();

  const close = () => {
    deleteGroup.reset();
    onClose();
  };

  const onConfirm = () => {
    if (!group) return;
    deleteGroup.mutate(group.id, {
      onSuccess: () => {
        toast.success(`Deleted “${group.name}”`);
        close();
      },
    });
  };

  const profiles = group?.profiles_count ?? 0;
  return (
    <ConfirmDialog
      open={group !== null}
      onOpenChange={(open) => !open && close()}
      title="Delete profile group?"
      testId="delete-profile-group-dialog"
      description={
        <>
          <p>
            <span className="font-semibold text-slate-900">{group?.name}</span> will be deleted together with{" "}
            <span className="font-semibold text-slate-900">
              {profiles === 1 ? "its 1 profile" : `all ${profiles} of its profiles`}
            </span>{" "}
            and <span className="font-semibold text-slate-900">every API key scoped to it</span>.
          </p>
          <p>Apps using those keys get 401 on their next request. This cannot be undone.</p>
        </>
      }
      confirmLabel="Delete group"
      onConfirm={onConfirm}
      isPending={deleteGroup.isPending}
      error={deleteGroup.error ? errorMessage(deleteGroup.error) : null}
    />
  );
};
