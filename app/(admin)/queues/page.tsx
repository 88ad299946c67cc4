import type { Metadata } from "next";
import { QueuesView } from "@/components/queues/queues-view";
import { requireAdminSession } from "@/lib/auth/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Queues" };

export default async function QueuesPage() {
  // The layout checks too; pages check again because a layout does not re-run on client navigation.
  await requireAdminSession();
  return <QueuesView />;
}
