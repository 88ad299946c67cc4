"use client";

import Link from "next/link";
import { PageHeader, SectionHeader } from "@/components/layout/page-header";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { InlineStatus } from "@/components/ui/inline-status";
import { LoadingRows } from "@/components/ui/spinner";
import { useEnvironment } from "@/lib/query/environment";
import { ApiClientError, errorMessage } from "@/lib/query/fetcher";
import { useProfiles } from "@/lib/query/profiles";
import type { TEnvironment } from "@/lib/schemas/common";
import type { TPost } from "@/lib/schemas/posts";
import { PostActions } from "./post-actions";
import { PostMedia } from "./post-media";
import { PlatformResults } from "./platform-results";
import { pollInterval, usePost } from "@/lib/query/posts";
import { ScheduleSummary } from "./schedule-summary";
import { PostSummaryBadge } from "./status-badge";

const BackLink = () => (
  <Link href="/posts" className="mb-4 inline-block text-sm font-medium text-indigo-700 hover:underline">
    ← Posts
  </Link>
);

type Props = { id: string; initial?: TPost; initialEnvironment: TEnvironment };

export const PostView = ({ id, initial, initialEnvironment }: Props) => {
  const { environment } = useEnvironment();
  const post = usePost(id, environment === initialEnvironment ? initial : undefined);

  if (post.isPending) {
    return (
      <>
        <BackLink />
        <LoadingRows label="Loading post…" />
      </>
    );
  }
  if (post.isError) {
    const isMissing = post.error instanceof ApiClientError && post.error.status === 404;
    return (
      <>
        <BackLink />
        {isMissing ? (
          <EmptyState
            testId="post-not-found"
            title="Post not found"
            description={`There is no post ${id} in the ${environment} environment. It was deleted, or it belongs to the other environment.`}
            action={
              <Link href="/posts" className={buttonClass({ variant: "secondary" })}>
                All posts
              </Link>
            }
          />
        ) : (
          <InlineStatus>
            Could not load the post: {errorMessage(post.error)}{" "}
            <button type="button" className="font-medium underline" onClick={() => post.refetch()}>
              Retry
            </button>
          </InlineStatus>
        )}
      </>
    );
  }
  return <PostDetails post={post.data} isRefreshing={post.isFetching} />;
};

const PostDetails = ({ post, isRefreshing }: { post: TPost; isRefreshing: boolean }) => {
  const profiles = useProfiles(post.profile_group_id);
  const profileNames = Object.fromEntries((profiles.data ?? []).map((p) => [p.id, p.name]));
  const isLive = pollInterval(post) !== false;

  return (
    <>
      <BackLink />
      <PageHeader
        title="Post"
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs" data-testid="post-id">
              {post.id}
            </span>
            <PostSummaryBadge post={post} testId="post-status" />
            {isLive && (
              <span className="flex items-center gap-1 text-xs text-slate-500" data-testid="post-live">
                <span
                  className={
                    isRefreshing ? "size-1.5 animate-pulse rounded-full bg-sky-500" : "size-1.5 rounded-full bg-sky-500"
                  }
                  aria-hidden
                />
                Updating live
              </span>
            )}
          </span>
        }
        actions={<PostActions post={post} profileNames={profileNames} />}
      />

      <section aria-labelledby="post-body-heading" className="mb-8">
        <SectionHeader id="post-body-heading" title="Content" />
        <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <p className="text-sm whitespace-pre-wrap text-slate-800" data-testid="post-body">
            {post.body || <span className="text-slate-400 italic">(no text)</span>}
          </p>
          <PostMedia media={post.media} />
          {post.thread.length > 0 && (
            <ol className="mt-4 space-y-2 border-t border-slate-100 pt-3" data-testid="post-thread">
              {post.thread.map((child, i) => (
                <li key={child.id} className="text-sm whitespace-pre-wrap text-slate-700">
                  <span className="mr-2 text-xs text-slate-400">{i + 2}.</span>
                  {child.body}
                  <PostMedia media={child.media} />
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>

      <section aria-labelledby="post-schedule-heading" className="mb-8">
        <SectionHeader id="post-schedule-heading" title="Schedule" />
        <ScheduleSummary post={post} />
      </section>

      <section aria-labelledby="post-networks-heading">
        <SectionHeader
          id="post-networks-heading"
          title="Networks"
          description="One row per profile; failed rows show the network's answer."
        />
        <PlatformResults platforms={post.platforms} profileNames={profileNames} />
      </section>
    </>
  );
};
