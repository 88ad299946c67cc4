"use client";

import Link from "next/link";
import { useState } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { InlineStatus } from "@/components/ui/inline-status";
import { LoadingRows } from "@/components/ui/spinner";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { useEnvironment } from "@/lib/query/environment";
import { errorMessage } from "@/lib/query/fetcher";
import { useUpdateWebhook, useWebhooks, type TWebhookSummary } from "@/lib/query/webhooks";
import { CreateWebhookDialog } from "./create-webhook-dialog";
import { DeleteWebhookDialog } from "./delete-webhook-dialog";
import { EditWebhookDialog } from "./edit-webhook-dialog";
import { EnabledBadge, EventsSummary } from "./events-summary";
import { RevealSecretDialog } from "./reveal-secret-dialog";

export const WebhooksView = () => {
  const { environment } = useEnvironment();
  const webhooks = useWebhooks();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [toEdit, setToEdit] = useState<TWebhookSummary | null>(null);
  const [toDelete, setToDelete] = useState<TWebhookSummary | null>(null);
  const [toReveal, setToReveal] = useState<TWebhookSummary | null>(null);

  const addButton = (testId: string) => (
    <Button onClick={() => setIsCreateOpen(true)} data-testid={testId}>
      Add webhook
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Webhooks"
        description={
          <>
            HTTPS endpoints notified of events in the <span className="font-medium text-slate-700">{environment}</span>{" "}
            environment. Deliveries are signed with each webhook&apos;s secret and retried up to five times.
          </>
        }
        actions={addButton("add-webhook")}
      />

      {webhooks.isPending ? (
        <LoadingRows label="Loading webhooks…" />
      ) : webhooks.isError ? (
        <InlineStatus>
          Could not load webhooks: {errorMessage(webhooks.error)}{" "}
          <button type="button" className="font-medium underline" onClick={() => webhooks.refetch()}>
            Retry
          </button>
        </InlineStatus>
      ) : webhooks.data.length === 0 ? (
        <EmptyState
          testId="webhooks-empty"
          title={`No webhooks in ${environment} yet`}
          description="Add an endpoint to be notified when posts publish, profiles connect, comments or messages arrive."
          action={addButton("add-webhook-empty")}
        />
      ) : (
        <Table data-testid="webhooks-table">
          <THead>
            <tr>
              <Th>Endpoint</Th>
              <Th>Events</Th>
              <Th>Status</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </THead>
          <TBody>
            {webhooks.data.map((w) => (
              <WebhookRow
                key={w.id}
                webhook={w}
                onEdit={setToEdit}
                onDelete={setToDelete}
                onRevealSecret={setToReveal}
              />
            ))}
          </TBody>
        </Table>
      )}

      <CreateWebhookDialog open={isCreateOpen} onOpenChange={setIsCreateOpen} />
      <EditWebhookDialog webhook={toEdit} onClose={() => setToEdit(null)} />
      <RevealSecretDialog webhook={toReveal} onClose={() => setToReveal(null)} />
      <DeleteWebhookDialog webhook={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
};

type RowProps = {
  webhook: TWebhookSummary;
  onEdit: (webhook: TWebhookSummary) => void;
  onDelete: (webhook: TWebhookSummary) => void;
  onRevealSecret: (webhook: TWebhookSummary) => void;
};

const WebhookRow = ({ webhook: w, onEdit, onDelete, onRevealSecret }: RowProps) => {
  const toast = useToast();
  // Per row, so one row's pending toggle does not disable the others.
  const toggle = useUpdateWebhook();

  const onToggle = () =>
    toggle.mutate(
      { id: w.id, input: { enabled: !w.enabled } },
      {
        onSuccess: () => toast.success(w.enabled ? "Webhook disabled" : "Webhook enabled"),
        onError: (err) =>
          toast.error(`Could not ${w.enabled ? "disable" : "enable"} the webhook: ${errorMessage(err)}`),
      },
    );

  return (
    <Tr data-testid={`webhook-row-${w.id}`}>
      <Td className="max-w-72 whitespace-normal">
        <div className="truncate font-medium text-slate-900" title={w.url} data-testid="webhook-url">
          {w.url}
        </div>
        {w.description && (
          <div className="truncate text-xs text-slate-500" title={w.description} data-testid="webhook-description">
            {w.description}
          </div>
        )}
        <div className="font-mono text-xs text-slate-400">{w.id}</div>
      </Td>
      <Td className="whitespace-normal" data-testid="webhook-events">
        <EventsSummary events={w.events} />
      </Td>
      <Td>
        <EnabledBadge enabled={w.enabled} testId="webhook-status" />
      </Td>
      <Td className="w-0 text-right">
        <div className="flex justify-end gap-0.5">
          <Link
            href={`/webhooks/${encodeURIComponent(w.id)}`}
            className={buttonClass({ variant: "ghost", size: "sm" })}
            data-testid={`webhook-deliveries-${w.id}`}
          >
            Deliveries
          </Link>
          <Button
            variant="ghost"
            size="sm"
            data-testid={`reveal-webhook-secret-${w.id}`}
            onClick={() => onRevealSecret(w)}
          >
            Reveal secret
          </Button>
          <Button variant="ghost" size="sm" data-testid={`edit-webhook-${w.id}`} onClick={() => onEdit(w)}>
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="min-w-16"
            data-testid={`toggle-webhook-${w.id}`}
            isLoading={toggle.isPending}
            onClick={onToggle}
          >
            {w.enabled ? "Disable" : "Enable"}
          </Button>
          <Button variant="dangerGhost" size="sm" data-testid={`delete-webhook-${w.id}`} onClick={() => onDelete(w)}>
            Delete
          </Button>
        </div>
      </Td>
    </Tr>
  );
};
