import Link from "next/link";
import { PlatformMark } from "@/components/profiles/platform-mark";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import type { TPost } from "@/lib/schemas/posts";
import { LocalTime } from "./local-time";
import { PlatformStatusBadge, PostSummaryBadge } from "./status-badge";

export type TProfileNames = Record<string, string>;

const excerpt = (body: string, max = 90) => {
  const text = body.replace(/\s+/g, " ").trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

// The posts list (server-rendered). Rows and per-network badges carry the API ids for tests.
export const PostsTable = ({ posts, profileNames }: { posts: TPost[]; profileNames: TProfileNames }) => (
  <Table data-testid="posts-table">
    <THead>
      <tr>
        <Th>Post</Th>
        <Th>Networks</Th>
        <Th>Status</Th>
        <Th>Scheduled</Th>
        <Th>Created</Th>
        <Th>
          <span className="sr-only">Actions</span>
        </Th>
      </tr>
    </THead>
    <TBody>
      {posts.map((post) => (
        <Tr key={post.id} data-testid={`post-row-${post.id}`}>
          <Td className="max-w-80 whitespace-normal">
            <Link
              href={`/posts/${encodeURIComponent(post.id)}`}
              className="font-medium text-slate-900 hover:text-indigo-700 hover:underline"
              data-testid="post-link"
            >
              {post.body.trim() ? excerpt(post.body) : <span className="text-slate-400 italic">(no text)</span>}
            </Link>
            <div className="font-mono text-xs text-slate-400">
              {post.id}
              {post.media.length > 0 && <span className="ml-2 font-sans">· {post.media.length} media</span>}
            </div>
          </Td>
          <Td className="whitespace-normal">
            <ul className="flex flex-col gap-1">
              {post.platforms.map((pp) => (
                <li key={pp.id} className="flex items-center gap-2" data-testid={`post-platform-${pp.platform}`}>
                  <PlatformMark platform={pp.platform} className="size-5 text-[10px]" />
                  <span className="sr-only">{DISPLAY_NAMES[pp.platform]}</span>
                  <span
                    className="max-w-32 truncate text-xs text-slate-500"
                    title={profileNames[pp.profile_id] ?? pp.profile_id}
                  >
                    {profileNames[pp.profile_id] ?? pp.profile_id}
                  </span>
                  <PlatformStatusBadge status={pp.status} testId="platform-status" title={pp.error ?? undefined} />
                </li>
              ))}
            </ul>
          </Td>
          <Td>
            <PostSummaryBadge post={post} testId="post-status" />
          </Td>
          <Td className="text-slate-500">
            {post.scheduled_at ? <LocalTime iso={post.scheduled_at} /> : post.queue_id ? "In queue" : "—"}
          </Td>
          <Td className="text-slate-500">
            <LocalTime iso={post.created_at} />
          </Td>
          <Td>
            {/* Edit, reschedule, publish, retry and delete live on the post's page (post-actions.tsx). */}
            <Link
              href={`/posts/${encodeURIComponent(post.id)}`}
              className="text-sm font-medium text-indigo-700 hover:underline"
              data-testid="post-actions-link"
              aria-label={`Actions for post ${post.id}`}
            >
              Actions
            </Link>
          </Td>
        </Tr>
      ))}
    </TBody>
  </Table>
);
