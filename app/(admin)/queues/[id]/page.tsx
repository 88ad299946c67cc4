import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { QueueView } from "@/components/queues/queue-view";
import { requireAdminSession } from "@/lib/auth/session";
import { ZPostQueueParams } from "@/lib/schemas/post-queues";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Queue" };

export default async function QueuePage({ params }: { params: Promise<{ id: string }> }) {
  // The layout checks too; pages check again because a layout does not re-run on client navigation.
  await requireAdminSession();
  const { id } = await params;
  // A malformed id names no queue (the API answers 404 too).
  if (!ZPostQueueParams.safeParse({ id }).success) notFound();
  return <QueueView id={id} />;
}
