"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/query/fetcher";
import { useDeleteWebhook, type TWebhookSummary } from "@/lib/query/webhooks";

type Props = { webhook: TWebhookSummary | null; onClose: () => void; onDeleted?: () => void };

export const DeleteWebhookDialog = ({ webhook, onClose, onDeleted }: Props) => {
  const toast = useToast();
  const deleteWebhook = useDeleteWebhook();

  const close = () => {
    deleteWebhook.reset();
    onClose();
  };

  const onConfirm = () => {
    if (!webhook) return;
    deleteWebhook.mutate(webhook.id, {
      onSuccess: () => {
        toast.success("Webhook deleted");
        close();
        onDeleted?.();
      },
    });
  };

  return (
    <ConfirmDialog
      open={webhook !== null}
      onOpenChange={(open) => !open && close()}
      title="Delete webhook?"
      testId="delete-webhook-dialog"
      description={
        <>
          <p>
            <span className="font-semibold break-all text-slate-900">{webhook?.url}</span> stops receiving events
            immediately, and <span className="font-semibold text-slate-900">its delivery history</span> is deleted with
            it.
          </p>
          <p>This cannot be undone. To pause deliveries instead, disable the webhook.</p>
        </>
      }
      confirmLabel="Delete webhook"
      onConfirm={onConfirm}
      isPending={deleteWebhook.isPending}
      error={deleteWebhook.error ? errorMessage(deleteWebhook.error) : null}
    />
  );
};
