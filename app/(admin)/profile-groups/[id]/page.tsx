import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { parseConnectionResult } from "@/components/profiles/connection-result";
import { ProfileGroupView } from "@/components/profiles/profile-group-view";
import { requireAdminSession } from "@/lib/auth/session";
import { ZProfileGroupParams } from "@/lib/schemas/profile-groups";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Profile group" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ProfileGroupPage({ params, searchParams }: Props) {
  // The layout checks too; pages check again because a layout does not re-run on client navigation.
  await requireAdminSession();
  const { id } = await params;
  // A malformed id names no group (the API answers 404 too).
  if (!ZProfileGroupParams.safeParse({ id }).success) notFound();
  // Networks send the user back here after consent (redirect_url), with the outcome in the query string.
  return <ProfileGroupView id={id} result={parseConnectionResult(await searchParams)} />;
}
