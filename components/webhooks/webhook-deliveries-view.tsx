"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { PageHeader, SectionHeader } from "@/components/layout/page-header";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { InlineStatus } from "@/components/ui/inline-status";
import { Pagination } from "@/components/ui/pagination";
import { LoadingRows } from "@/components/ui/spinner";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { useEnvironment } from "@/lib/query/environment";
import { ApiClientError, errorMessage } from "@/lib/query/fetcher";
import {
  DELIVERIES_PER_PAGE,
  DELIVERIES_REFETCH_MS,
  useWebhook,
  useWebhookDeliveries,
  type TWebhookSummary,
} from "@/lib/query/webhooks";
import { isAllEvents } from "./event-groups";
import { EnabledBadge } from "./events-summary";
import { formatDate, formatDateTime } from "./format";

const BackLink = () => (
  <Link href="/webhooks" className="mb-4 inline-block text-sm font-medium text-indigo-700 hover:underline">
    ← Webhooks
  </Link>
);

export const WebhookDeliveriesView = ({ id }: { id: string }) => {
  const { environment } = useEnvironment();
  const webhook = useWebhook(id);

  if (webhook.isPending) {
    return (
      <>
        <BackLink />
        <LoadingRows label="Loading webhook…" />
      </>
    );
  }
  if (webhook.isError) {
    const isMissing = webhook.error instanceof ApiClientError && webhook.error.status === 404;
    return (
      <>
        <BackLink />
        {isMissing ? (
          <EmptyState
            testId="webhook-not-found"
            title="Webhook not found"
            description={`There is no webhook ${id} in the ${environment} environment. It was deleted, or it belongs to the other environment.`}
            action={
              <Link href="/webhooks" className={buttonClass({ variant: "secondary" })}>
                All webhooks
              </Link>
            }
          />
        ) : (
          <InlineStatus>
            Could not load the webhook: {errorMessage(webhook.error)}{" "}
            <button type="button" className="font-medium underline" onClick={() => webhook.refetch()}>
              Retry
            </button>
          </InlineStatus>
        )}
      </>
    );
  }
  return <WebhookDeliveries webhook={webhook.data} />;
};

const WebhookDeliveries = ({ webhook }: { webhook: TWebhookSummary }) => {
  // Zero-indexed, like the API.
  const [page, setPage] = useState(0);
  const [isRefreshing, setIsRefreshing] = useState(false);
  const deliveries = useWebhookDeliveries(webhook.id, page);

  const refresh = async () => {
    setIsRefreshing(true);
    await deliveries.refetch();
    setIsRefreshing(false);
  };

  return (
    <>
      <BackLink />
      <PageHeader
        title="Webhook deliveries"
        description={
          <span className="font-mono break-all text-slate-700" data-testid="webhook-url">
            {webhook.url}
          </span>
        }
        actions={
          <Button variant="secondary" onClick={refresh} isLoading={isRefreshing} data-testid="refresh-deliveries">
            Refresh
          </Button>
        }
      />

      <dl
        className="mb-10 grid gap-x-6 gap-y-4 rounded-lg bg-white p-5 text-sm shadow-sm ring-1 ring-slate-200 sm:grid-cols-2"
        data-testid="webhook-details"
      >
        <Detail label="Status">
          <EnabledBadge enabled={webhook.enabled} testId="webhook-status" />
          {!webhook.enabled && <span className="ml-2 text-xs text-slate-500">Disabled webhooks receive nothing.</span>}
        </Detail>
        <Detail label="Created">{formatDate(webhook.created_at)}</Detail>
        <Detail label="Events" wide>
          <span data-testid="webhook-events" className="flex flex-wrap gap-1">
            {isAllEvents(webhook.events) ? (
              <Badge tone="indigo">All events</Badge>
            ) : (
              webhook.events.map((e) => (
                <code key={e} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-700">
                  {e}
                </code>
              ))
            )}
          </span>
        </Detail>
        <Detail label="Description" wide>
          {webhook.description || <span className="text-slate-400">No description</span>}
        </Detail>
        <Detail label="ID" wide>
          <span className="font-mono text-xs text-slate-500">{webhook.id}</span>
        </Detail>
      </dl>

      <section aria-labelledby="deliveries-heading">
        <SectionHeader
          id="deliveries-heading"
          title="Delivery attempts"
          description={`Newest first. Failed deliveries are retried up to five times; this list refreshes every ${DELIVERIES_REFETCH_MS / 1000} seconds.`}
        />
        {deliveries.isPending ? (
          <LoadingRows label="Loading deliveries…" />
        ) : deliveries.isError ? (
          <InlineStatus>
            Could not load deliveries: {errorMessage(deliveries.error)}{" "}
            <button type="button" className="font-medium underline" onClick={() => deliveries.refetch()}>
              Retry
            </button>
          </InlineStatus>
        ) : deliveries.data.total === 0 ? (
          <EmptyState
            testId="deliveries-empty"
            title="No deliveries yet"
            description={
              webhook.enabled
                ? "Attempts appear here when an event this webhook subscribes to happens."
                : "This webhook is disabled: enable it to receive events."
            }
          />
        ) : deliveries.data.data.length === 0 ? (
          <InlineStatus tone="info">
            Page {page + 1} is empty.{" "}
            <button type="button" className="font-medium underline" onClick={() => setPage(0)}>
              Back to the first page
            </button>
          </InlineStatus>
        ) : (
          <>
            <Table data-testid="deliveries-table" aria-busy={deliveries.isPlaceholderData || undefined}>
              <THead>
                <tr>
                  <Th>Attempted</Th>
                  <Th>Event</Th>
                  <Th>Event ID</Th>
                  <Th className="text-right">Attempt</Th>
                  <Th className="text-right">Response</Th>
                  <Th>Result</Th>
                </tr>
              </THead>
              <TBody>
                {deliveries.data.data.map((d) => (
                  <Tr key={d.id} data-testid={`delivery-row-${d.id}`}>
                    <Td className="text-slate-500">
                      <time dateTime={d.attempted_at} title={d.attempted_at}>
                        {formatDateTime(d.attempted_at)}
                      </time>
                    </Td>
                    <Td>
                      <code className="font-mono text-xs text-slate-700">{d.event_type}</code>
                    </Td>
                    <Td className="font-mono text-xs text-slate-500">{d.event_id}</Td>
                    <Td className="text-right tabular-nums">{d.attempt_number}</Td>
                    <Td className="text-right font-mono text-xs tabular-nums" data-testid="delivery-response">
                      {d.response_status ?? <span className="font-sans text-slate-400 italic">no response</span>}
                    </Td>
                    <Td>
                      {d.success ? (
                        <Badge tone="green" data-testid="delivery-result">
                          success
                        </Badge>
                      ) : (
                        <Badge tone="red" data-testid="delivery-result">
                          failed
                        </Badge>
                      )}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
            <Pagination
              page={page}
              perPage={DELIVERIES_PER_PAGE}
              total={deliveries.data.total}
              onPageChange={setPage}
              isChangingPage={deliveries.isPlaceholderData}
              testId="deliveries-pagination"
            />
          </>
        )}
      </section>
    </>
  );
};

const Detail = ({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) => (
  <div className={wide ? "sm:col-span-2" : undefined}>
    <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
    <dd className="mt-1 text-slate-700">{children}</dd>
  </div>
);
