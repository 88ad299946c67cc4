"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useRevokeAccountKey, useRevokeScopedKey } from "@/lib/query/api-keys";
import { errorMessage } from "@/lib/query/fetcher";
import { maskedToken } from "./format";

export type RevokeTarget = {
  kind: "scoped" | "account";
  id: string;
  name: string;
  sandbox: boolean;
  token_hint: string;
};

export const RevokeKeyDialog = ({ target, onClose }: { target: RevokeTarget | null; onClose: () => void }) => {
  const toast = useToast();
  const revokeScoped = useRevokeScopedKey();
  const revokeAccount = useRevokeAccountKey();
  const mutation = target?.kind === "account" ? revokeAccount : revokeScoped;

  const close = () => {
    revokeScoped.reset();
    revokeAccount.reset();
    onClose();
  };

  const onConfirm = () => {
    if (!target) return;
    mutation.mutate(target.id, {
      onSuccess: () => {
        toast.success(`Revoked “${target.name}”`);
        close();
      },
    });
  };

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      title="Revoke API key?"
      testId="revoke-key-dialog"
      description={
        <>
          <p>
            <span className="font-semibold text-slate-900">{target?.name}</span>{" "}
            {target && (
              <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs">{maskedToken(target)}</code>
            )}{" "}
            stops working immediately: apps using it get 401 on their next request.
          </p>
          <p>This cannot be undone.</p>
        </>
      }
      confirmLabel="Revoke key"
      onConfirm={onConfirm}
      isPending={mutation.isPending}
      error={mutation.error ? errorMessage(mutation.error) : null}
    />
  );
};
