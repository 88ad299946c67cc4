import type { Metadata } from "next";
import { CommentsView } from "@/components/comments/comments-view";
import { PageHeader } from "@/components/layout/page-header";
import { RefreshOnEnvironmentChange } from "@/components/posts/environment-refresh";
import { staffPrincipal } from "@/lib/auth/staff-principal";
import { CAPABILITIES } from "@/lib/networks/platforms";
import { listProfileGroups } from "@/lib/services/profile-groups/profile-groups";
import { listProfiles } from "@/lib/services/profiles/profiles";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Inbox" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function CommentsPage({ searchParams }: Props) {
  // The layout checks too; pages check again because a layout does not re-run on client navigation.
  const principal = await staffPrincipal();
  const params = await searchParams;
  const [groups, rows] = await Promise.all([listProfileGroups({ principal }), listProfiles({ principal })]);
  const profiles = rows.map((p) => ({
    id: p.id,
    name: p.name,
    platform: p.platform,
    profile_group_id: p.profileGroupId,
  }));
  // Reviews: the profiles whose network has profile-level comments (the connector's capabilities).
  const reviewProfiles = profiles.filter((p) => CAPABILITIES[p.platform].profileComments);
  const postId = single(params.post_id);
  const groupId = single(params.profile_group_id);

  return (
    <>
      <RefreshOnEnvironmentChange rendered={principal.environment} />
      <PageHeader
        title="Inbox"
        description={
          <>
            Comments on the <span className="font-medium text-slate-700">{principal.environment}</span>{" "}
            environment&apos;s posts across every network, newest first; reviews in their own tab.
          </>
        }
      />
      <CommentsView
        key={principal.environment}
        groups={groups.map((g) => ({ id: g.id, name: g.name }))}
        profiles={profiles}
        reviewProfiles={reviewProfiles}
        initialFilters={{ ...(postId && { postId }), ...(groupId && { groupId }) }}
      />
    </>
  );
}
