import type { Metadata } from "next";
import { WebhooksView } from "@/components/webhooks/webhooks-view";
import { requireAdminSession } from "@/lib/auth/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  // The layout checks too; pages check again because a layout does not re-run on client navigation.
  await requireAdminSession();
  return <WebhooksView />;
}
