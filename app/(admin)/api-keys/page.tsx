import type { Metadata } from "next";
import { ApiKeysView } from "@/components/api-keys/api-keys-view";
import { requireAdminSession } from "@/lib/auth/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  // The layout checks too; pages check again because a layout does not re-run on client navigation.
  await requireAdminSession();
  return <ApiKeysView />;
}
