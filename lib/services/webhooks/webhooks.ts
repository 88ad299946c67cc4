import "server-only";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { pageWindow, type PageQuery } from "@/lib/pagination";
import { groupScope, type Principal } from "@/lib/principal";
import { decryptSecret, encryptSecret } from "@/lib/crypto";
import { newId, randomBase58 } from "@/lib/ids";
import type { TCreateWebhookBody, TUpdateWebhookBody } from "@/lib/schemas/webhooks";
import { recordCommit } from "@/lib/services/idempotency/commit";
import { retryingTransaction } from "@/lib/services/transactions/retrying-transaction";
import { webhookPolicy } from "./config";
import { assertDeliverableUrl } from "./url-policy";

// Webhooks belong to the caller's account and environment; a scoped key's webhooks belong to its group
// (and only receive that group's events). Other tenants' ids answer 404.
const scopeOf = (principal: Principal) => groupScope(principal);

const withSecret = <T extends { secret: string }>(w: T) => ({ ...w, secret: decryptSecret(w.secret) });

export const listWebhooks = ({ principal }: { principal: Principal }) =>
  db.webhook.findMany({ where: scopeOf(principal), orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

export const getWebhookOrThrow = async ({ principal, id }: { principal: Principal; id: string }) => {
  const webhook = await db.webhook.findFirst({ where: { AND: [scopeOf(principal), { id }] } });
  if (!webhook) throw notFound();
  return withSecret(webhook);
};

export const createWebhook = async ({ principal, input }: { principal: Principal; input: TCreateWebhookBody }) => {
  await assertDeliverableUrl(input.url, webhookPolicy().allowlist);
  const webhook = await retryingTransaction(async (tx) => {
    const created = await tx.webhook.create({
      data: {
        id: newId("webhook"),
        accountId: principal.accountId,
        environment: principal.environment,
        profileGroupId: principal.profileGroupId,
        url: input.url,
        events: input.events,
        description: input.description ?? "",
        secret: encryptSecret(`whsec_${randomBase58(32)}`),
      },
    });
    await recordCommit(tx, { resource: "webhook", id: created.id });
    return created;
  });
  return withSecret(webhook);
};

export const updateWebhook = async ({
  principal,
  id,
  input,
}: {
  principal: Principal;
  id: string;
  input: TUpdateWebhookBody;
}) => {
  const existing = await getWebhookOrThrow({ principal, id });
  if (input.url !== undefined) await assertDeliverableUrl(input.url, webhookPolicy().allowlist);
  const webhook = await retryingTransaction(async (tx) => {
    const updated = await tx.webhook.update({
      where: { id: existing.id },
      data: {
        ...(input.url !== undefined && { url: input.url }),
        ...(input.events !== undefined && { events: input.events }),
        ...(input.enabled !== undefined && { enabled: input.enabled }),
        ...(input.description !== undefined && { description: input.description ?? "" }),
      },
    });
    await recordCommit(tx, { resource: "webhook", id: updated.id });
    return updated;
  });
  return withSecret(webhook);
};

// Deliveries and pending dispatches go with the webhook (foreign keys cascade).
export const deleteWebhook = ({ principal, id }: { principal: Principal; id: string }) =>
  retryingTransaction(async (tx) => {
    const { count } = await tx.webhook.deleteMany({ where: { AND: [scopeOf(principal), { id }] } });
    if (count === 0) throw notFound();
    const result = { deleted: true };
    await recordCommit(tx, { body: result });
    return result;
  });

export const listDeliveries = async ({
  principal,
  id,
  page,
}: {
  principal: Principal;
  id: string;
  page: PageQuery;
}) => {
  const webhook = await db.webhook.findFirst({ where: { AND: [scopeOf(principal), { id }] }, select: { id: true } });
  if (!webhook) throw notFound();
  const [total, rows] = await db.$transaction([
    db.webhookDelivery.count({ where: { webhookId: webhook.id } }),
    db.webhookDelivery.findMany({
      where: { webhookId: webhook.id },
      orderBy: [{ attemptedAt: "desc" }, { id: "desc" }],
      ...pageWindow(page, 0),
    }),
  ]);
  return { total, rows };
};
