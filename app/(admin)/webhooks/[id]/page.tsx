import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { WebhookDeliveriesView } from "@/components/webhooks/webhook-deliveries-view";
import { requireAdminSession } from "@/lib/auth/session";
import { ZWebhookParams } from "@/lib/schemas/webhooks";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Webhook deliveries" };

export default async function WebhookDeliveriesPage({ params }: { params: Promise<{ id: string }> }) {
  // The layout checks too; pages check again because a layout does not re-run on client navigation.
  await requireAdminSession();
  const { id } = await params;
  // A malformed id names no webhook (the API answers 404 too).
  if (!ZWebhookParams.safeParse({ id }).success) notFound();
  return <WebhookDeliveriesView id={id} />;
}
