import type { Metadata } from "next";
import { ProfileGroupsView } from "@/components/profile-groups/profile-groups-view";
import { requireAdminSession } from "@/lib/auth/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Profile groups" };

export default async function ProfileGroupsPage() {
  // The layout checks too; pages check again because a layout does not re-run on client navigation.
  await requireAdminSession();
  return <ProfileGroupsView />;
}
