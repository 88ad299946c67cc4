"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { InlineStatus } from "@/components/ui/inline-status";
import { useEnvironment } from "@/lib/query/environment";
import { useCreateWebhook } from "@/lib/query/webhooks";
import type { TCreateWebhookBody } from "@/lib/schemas/webhooks";
import { ALL_EVENTS } from "./event-groups";
import { WebhookForm } from "./webhook-form";
import { SignatureHint, WebhookSecret } from "./webhook-secret";

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export const CreateWebhookDialog = ({ open, onOpenChange }: Props) => {
  const { environment } = useEnvironment();
  const createWebhook = useCreateWebhook();
  // The new webhook's secret: kept only here, only until the dialog closes ("Reveal secret" refetches it).
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const isPending = createWebhook.isPending;

  const close = () => {
    setCreated(null);
    // The mutation result holds the secret too.
    createWebhook.reset();
    onOpenChange(false);
  };

  const onSubmit = async (values: TCreateWebhookBody) => {
    const webhook = await createWebhook.mutateAsync(values);
    setCreated({ url: webhook.url, secret: webhook.secret ?? "" });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      isLocked={isPending}
      title={created ? "Webhook created" : "Add webhook"}
      description={
        created ? undefined : `Events of the ${environment} environment are sent to this endpoint as signed JSON POSTs.`
      }
      testId="create-webhook-dialog"
      // The event picker makes this dialog tall: it scrolls inside short viewports.
      className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto"
    >
      {created ? (
        <div className="space-y-4">
          <p className="text-sm break-all text-slate-600">
            Deliveries to <span className="font-medium text-slate-900">{created.url}</span> are signed with this secret:
          </p>
          <WebhookSecret secret={created.secret} />
          <SignatureHint />
          <InlineStatus tone="info">
            Copy it into your receiver now. You can reveal it again later from the webhooks list.
          </InlineStatus>
          <div className="flex justify-end">
            <Button onClick={close} data-testid="webhook-secret-done">
              Done
            </Button>
          </div>
        </div>
      ) : (
        <WebhookForm
          defaultValues={{ url: "", description: "", events: [ALL_EVENTS] }}
          submitLabel="Add webhook"
          onSubmit={onSubmit}
          onCancel={close}
          isPending={isPending}
        />
      )}
    </Dialog>
  );
};
