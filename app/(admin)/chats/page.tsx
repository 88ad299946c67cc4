import type { Metadata } from "next";
import { ChatInbox } from "@/components/chats/chat-inbox";
import { PageHeader } from "@/components/layout/page-header";
import { RefreshOnEnvironmentChange } from "@/components/posts/environment-refresh";
import { staffPrincipal } from "@/lib/auth/staff-principal";
import { chatInboxOptions } from "@/lib/services/messages/inbox";
import { listProfileGroups } from "@/lib/services/profile-groups/profile-groups";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Chats" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function ChatsPage({ searchParams }: Props) {
  // The layout checks too; pages check again because a layout does not re-run on client navigation.
  const principal = await staffPrincipal();
  const params = await searchParams;
  const [groups, options] = await Promise.all([listProfileGroups({ principal }), chatInboxOptions({ principal })]);
  const groupId = single(params.profile_group_id);

  return (
    <>
      <RefreshOnEnvironmentChange rendered={principal.environment} />
      <PageHeader
        title="Chats"
        description={
          <>
            Direct messages on the <span className="font-medium text-slate-700">{principal.environment}</span>{" "}
            environment&apos;s profiles across every network, most recent activity first.
          </>
        }
      />
      <ChatInbox
        key={principal.environment}
        groups={groups.map((g) => ({ id: g.id, name: g.name }))}
        profiles={options.profiles}
        placements={options.placements}
        initialFilters={groupId ? { groupId } : {}}
      />
    </>
  );
}
