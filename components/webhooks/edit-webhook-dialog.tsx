"use client";

import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { useUpdateWebhook, type TWebhookSummary } from "@/lib/query/webhooks";
import type { TCreateWebhookBody, TUpdateWebhookBody } from "@/lib/schemas/webhooks";
import { WebhookForm, type TWebhookFormValues } from "./webhook-form";

type Props = { webhook: TWebhookSummary | null; onClose: () => void };

// Only changed fields are sent: an unchanged URL is not re-validated (DNS) by the server.
const changes = (webhook: TWebhookSummary, values: TCreateWebhookBody): TUpdateWebhookBody => ({
  ...(values.url !== webhook.url && { url: values.url }),
  ...(values.events.join(",") !== webhook.events.join(",") && { events: values.events }),
  ...((values.description ?? "") !== webhook.description && { description: values.description ?? "" }),
});

export const EditWebhookDialog = ({ webhook, onClose }: Props) => {
  const toast = useToast();
  const updateWebhook = useUpdateWebhook();
  const isPending = updateWebhook.isPending;

  const close = () => {
    updateWebhook.reset();
    onClose();
  };

  const onSubmit = async (values: TCreateWebhookBody) => {
    if (!webhook) return;
    const input = changes(webhook, values);
    if (Object.keys(input).length > 0) {
      await updateWebhook.mutateAsync({ id: webhook.id, input });
      toast.success("Webhook updated");
    }
    close();
  };

  return (
    <Dialog
      open={webhook !== null}
      onOpenChange={(open) => !open && close()}
      isLocked={isPending}
      title="Edit webhook"
      testId="edit-webhook-dialog"
      // The event picker makes this dialog tall: it scrolls inside short viewports.
      className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto"
    >
      {webhook && (
        <WebhookForm
          key={webhook.id}
          defaultValues={{
            url: webhook.url,
            description: webhook.description,
            events: webhook.events as TWebhookFormValues["events"],
          }}
          submitLabel="Save changes"
          onSubmit={onSubmit}
          onCancel={close}
          isPending={isPending}
        />
      )}
    </Dialog>
  );
};
