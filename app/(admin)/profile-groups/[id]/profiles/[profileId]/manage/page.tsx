import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/layout/page-header";
import { ListingEditor } from "@/components/listings/listing-editor";
import { PageEditor } from "@/components/listings/page-editor";
import { RefreshOnEnvironmentChange } from "@/components/posts/environment-refresh";
import { EmptyState } from "@/components/ui/empty-state";
import { ApiError } from "@/lib/errors";
import { staffPrincipal } from "@/lib/auth/staff-principal";
import { ZProfileGroupParams } from "@/lib/schemas/profile-groups";
import { ZProfileParams } from "@/lib/schemas/profiles";
import { editablePlacements, type EditablePlacement } from "@/lib/services/listings/editors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Edit listing" };

type Props = {
  params: Promise<{ id: string; profileId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// The editor of one placement of a profile (?placement=<its id>): a business listing (a location) or a
// page, whichever the profile's network manages. Both edit through the public routes (client islands).
export default async function ManagePlacementPage({ params, searchParams }: Props) {
  const principal = await staffPrincipal();
  const { id: groupId, profileId } = await params;
  if (!ZProfileGroupParams.safeParse({ id: groupId }).success || !ZProfileParams.safeParse({ id: profileId }).success)
    notFound();
  const wanted = (await searchParams).placement;
  let target: EditablePlacement | undefined;
  try {
    target = (await editablePlacements({ principal, profileId })).find((p) => p.externalId === wanted);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
  }
  const backHref = `/profile-groups/${groupId}/profiles/${profileId}`;
  const back = (
    <Link
      href={backHref}
      className="mb-4 inline-block text-sm font-medium text-indigo-700 hover:underline"
      data-testid="back-to-profile"
    >
      ← Profile
    </Link>
  );
  return (
    <>
      <RefreshOnEnvironmentChange rendered={principal.environment} />
      {back}
      {!target ? (
        <EmptyState
          testId="placement-not-found"
          title="Nothing to edit here"
          description="The profile has no such location or page in this environment, or its network has no editor."
        />
      ) : (
        <>
          <PageHeader
            title={target.name}
            description={
              <span className="font-mono text-xs text-slate-500" data-testid="placement-id">
                {target.externalId}
              </span>
            }
          />
          {target.kind === "listing" ? (
            <ListingEditor profileId={profileId} locationId={target.externalId} />
          ) : (
            <PageEditor profileId={profileId} pageId={target.externalId} />
          )}
        </>
      )}
    </>
  );
}
