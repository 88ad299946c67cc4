import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/layout/page-header";
import { EditorLinks } from "@/components/listings/editor-links";
import { RefreshOnEnvironmentChange } from "@/components/posts/environment-refresh";
import { PlatformMark } from "@/components/profiles/platform-mark";
import { ProfileStats } from "@/components/stats/profile-stats";
import { Badge, EnvironmentBadge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ApiError } from "@/lib/errors";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import { ZProfileGroupParams } from "@/lib/schemas/profile-groups";
import { ZProfileParams } from "@/lib/schemas/profiles";
import { editablePlacements } from "@/lib/services/listings/editors";
import { getProfileStatsView } from "@/lib/services/stats/read-stats";
import { staffPrincipal } from "@/lib/auth/staff-principal";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Profile" };

type Props = {
  params: Promise<{ id: string; profileId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// One profile of a group: who it is and its stats (server-rendered from the services, as the public
// stats routes answer them).
export default async function ProfilePage({ params, searchParams }: Props) {
  // The layout checks too; pages check again because a layout does not re-run on client navigation.
  const principal = await staffPrincipal();
  const { id: groupId, profileId } = await params;
  // Malformed ids name nothing (the API answers 404 too).
  if (!ZProfileGroupParams.safeParse({ id: groupId }).success || !ZProfileParams.safeParse({ id: profileId }).success)
    notFound();
  const placement = (await searchParams).placement;

  let view: Awaited<ReturnType<typeof getProfileStatsView>> | null = null;
  try {
    view = await getProfileStatsView({
      principal,
      id: profileId,
      placement: typeof placement === "string" ? placement : undefined,
    });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
  }
  const back = (
    <Link
      href={`/profile-groups/${groupId}`}
      className="mb-4 inline-block text-sm font-medium text-indigo-700 hover:underline"
      data-testid="back-to-group"
    >
      ← Profile group
    </Link>
  );
  // Missing, another environment's, or in another group than the URL says.
  if (!view || view.profile.profileGroupId !== groupId) {
    return (
      <>
        <RefreshOnEnvironmentChange rendered={principal.environment} />
        {back}
        <EmptyState
          testId="profile-not-found"
          title="Profile not found"
          description={`There is no profile ${profileId} in this group in the ${principal.environment} environment. It was disconnected, or it belongs to the other environment.`}
          action={
            <Link href={`/profile-groups/${groupId}`} className={buttonClass({ variant: "secondary" })}>
              Back to the group
            </Link>
          }
        />
      </>
    );
  }
  const { profile } = view;
  const editable = await editablePlacements({ principal, profileId });
  return (
    <>
      <RefreshOnEnvironmentChange rendered={principal.environment} />
      {back}
      <PageHeader
        title={profile.name}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <PlatformMark platform={profile.platform} className="size-5 text-[10px]" />
            <span data-testid="profile-platform">{DISPLAY_NAMES[profile.platform]}</span>
            {profile.username && <span>@{profile.username}</span>}
            <Badge tone={profile.status === "active" ? "green" : "amber"} data-testid="profile-status">
              {profile.status}
            </Badge>
            <EnvironmentBadge sandbox={profile.environment === "sandbox"} />
            <span className="font-mono text-xs text-slate-400" data-testid="profile-id">
              {profile.id}
            </span>
          </span>
        }
      />
      <EditorLinks groupId={groupId} profileId={profile.id} placements={editable} />
      <ProfileStats records={view.records} placements={view.placements} selectedPlacement={view.selectedPlacement} />
    </>
  );
}
