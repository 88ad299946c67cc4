import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/page-header";
import { RefreshOnEnvironmentChange } from "@/components/posts/environment-refresh";
import { PostsPagination } from "@/components/posts/posts-pagination";
import { PostsTable } from "@/components/posts/posts-table";
import { StatusFilter } from "@/components/posts/status-filter";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { POST_STATUSES, ZListPostsQuery } from "@/lib/schemas/posts";
import { paginated } from "@/lib/pagination";
import { renderPost } from "@/lib/serializers/post";
import { listPosts } from "@/lib/services/posts/read-posts";
import { listProfiles } from "@/lib/services/profiles/profiles";
import { staffPrincipal } from "@/lib/auth/staff-principal";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Posts" };

const PER_PAGE = 20;
// The API's list filters: post statuses, and `published` / `failed` for platform outcomes.
const STATUS_FILTERS = [...POST_STATUSES, "published", "failed"] as const;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function PostsPage({ searchParams }: Props) {
  // The layout checks too; pages check again because a layout does not re-run on client navigation.
  const principal = await staffPrincipal();
  const params = await searchParams;
  const status = STATUS_FILTERS.find((s) => s === single(params.status));
  const query = ZListPostsQuery.parse({
    page: single(params.page) ?? "0",
    per_page: String(PER_PAGE),
    ...(status && { status }),
  });
  const [{ total, rows }, profiles] = await Promise.all([listPosts({ principal, query }), listProfiles({ principal })]);
  const posts = paginated(query, total, rows.map(renderPost));
  const profileNames = Object.fromEntries(profiles.map((p) => [p.id, p.name]));

  const newPost = (testId: string) => (
    <Link href="/posts/new" className={buttonClass()} data-testid={testId}>
      New post
    </Link>
  );

  return (
    <>
      <RefreshOnEnvironmentChange rendered={principal.environment} />
      <PageHeader
        title="Posts"
        description={
          <>
            Posts of the <span className="font-medium text-slate-700">{principal.environment}</span> environment, newest
            first, with each network&apos;s outcome.
          </>
        }
        actions={newPost("new-post")}
      />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <StatusFilter statuses={STATUS_FILTERS} value={status ?? ""} />
      </div>
      {posts.data.length === 0 && posts.total === 0 ? (
        <EmptyState
          testId="posts-empty"
          title={
            status
              ? `No ${status.replaceAll("_", " ")} posts in ${principal.environment}`
              : `No posts in ${principal.environment} yet`
          }
          description={status ? "Try another status." : "Compose a post to one or more of a profile group's profiles."}
          action={status ? undefined : newPost("new-post-empty")}
        />
      ) : (
        <>
          <PostsTable posts={posts.data} profileNames={profileNames} />
          <PostsPagination
            page={posts.page}
            perPage={posts.per_page}
            total={posts.total}
            query={status ? { status } : {}}
          />
        </>
      )}
    </>
  );
}
