import Link from "next/link";
import type { ReactNode } from "react";
import { LocalTime } from "@/components/posts/local-time";
import { PlatformMark } from "@/components/profiles/platform-mark";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import type { Attention, AttentionPost, AttentionProfile } from "@/lib/services/attention/read-attention";
import { RetryPostButton } from "./retry-post-button";

// The sections of the "Needs attention" page (lib/services/attention/read-attention.ts), each row naming
// its brand and network, with the action that fixes it. Rows stack on narrow screens (390 px).

const Section = ({
  id,
  title,
  count,
  footer,
  children,
}: {
  id: string;
  title: string;
  count: number;
  footer?: ReactNode;
  children: ReactNode;
}) => (
  <section data-testid={`attention-${id}`} aria-labelledby={`attention-${id}-title`} className="mb-6">
    <h2 id={`attention-${id}-title`} className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900">
      {title} <Badge tone="red">{count}</Badge>
    </h2>
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">{children}</ul>
    {footer && <div className="mt-2 text-sm">{footer}</div>}
  </section>
);

const Row = ({
  testId,
  mark,
  title,
  meta,
  detail,
  actions,
}: {
  testId: string;
  mark?: ReactNode;
  title: ReactNode;
  meta: ReactNode;
  detail?: ReactNode;
  actions: ReactNode;
}) => (
  <li data-testid={testId} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
    <div className="flex min-w-0 flex-1 gap-3">
      {mark}
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-slate-900">{title}</p>
        <p className="text-xs break-words text-slate-500">{meta}</p>
        {detail && <p className="mt-1 text-xs break-words text-slate-600">{detail}</p>}
      </div>
    </div>
    <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
  </li>
);

const linkButton = (href: string, label: string, testId: string, variant: "primary" | "secondary" = "secondary") => (
  <Link href={href} className={buttonClass({ size: "sm", variant })} data-testid={testId}>
    {label}
  </Link>
);

const excerpt = (body: string) => (body.length > 80 ? `${body.slice(0, 79)}…` : body) || "(no text)";

const PostRow = ({ row }: { row: AttentionPost }) => {
  const failed = row.status === "failed";
  return (
    <Row
      testId={`attention-post-${row.id}`}
      mark={<PlatformMark platform={row.platform} />}
      title={excerpt(row.body)}
      meta={
        <>
          {row.brand.name} · {DISPLAY_NAMES[row.platform]} ({row.profileName}) ·{" "}
          <Badge tone={failed ? "red" : "amber"}>{failed ? "failed" : "delivery unconfirmed"}</Badge> ·{" "}
          <LocalTime iso={row.at.toISOString()} />
        </>
      }
      detail={
        failed
          ? row.error
          : "The network accepted the request without confirming it; it may hold the post. Check the network before publishing it again."
      }
      actions={
        <>
          {failed && (
            <RetryPostButton postId={row.postId} label={`${DISPLAY_NAMES[row.platform]} for ${row.brand.name}`} />
          )}
          {linkButton(`/posts/${encodeURIComponent(row.postId)}`, "Open post", `attention-open-post-${row.id}`)}
        </>
      }
    />
  );
};

const PROFILE_REASON: Record<AttentionProfile["reason"], string> = {
  disconnected: "disconnected",
  expired: "authorisation expired",
  expiring: "authorisation expires soon",
};

const ProfileRow = ({ row }: { row: AttentionProfile }) => (
  <Row
    testId={`attention-profile-${row.id}`}
    mark={<PlatformMark platform={row.platform} />}
    title={row.name}
    meta={
      <>
        {row.brand.name} · {DISPLAY_NAMES[row.platform]} ·{" "}
        <Badge tone={row.reason === "expiring" ? "amber" : "red"}>{PROFILE_REASON[row.reason]}</Badge>
        {row.at && (
          <>
            {" "}
            · <LocalTime iso={row.at.toISOString()} />
          </>
        )}
      </>
    }
    detail={row.detail}
    // The brand's page lists its profiles with Reconnect (components/profiles/profile-group-view.tsx).
    actions={linkButton(
      `/profile-groups/${encodeURIComponent(row.brand.id)}`,
      "Reconnect",
      `attention-reconnect-${row.id}`,
      "primary",
    )}
  />
);

export const AttentionView = ({ attention }: { attention: Attention }) => {
  const { posts, profiles, queues, webhooks } = attention;
  if (posts.total + profiles.length + queues.length + webhooks.length === 0)
    return (
      <EmptyState
        testId="attention-empty"
        title="Nothing needs attention"
        description="No failed posts, disconnected profiles, queues without slots or failing webhooks."
      />
    );
  return (
    <>
      {posts.total > 0 && (
        <Section
          id="posts"
          title="Failed and unconfirmed posts"
          count={posts.total}
          footer={
            posts.total > posts.rows.length && (
              <Link
                href="/posts?status=failed"
                className="font-medium text-indigo-600 hover:underline"
                data-testid="attention-posts-all"
              >
                See all {posts.total} in Posts
              </Link>
            )
          }
        >
          {posts.rows.map((row) => (
            <PostRow key={row.id} row={row} />
          ))}
        </Section>
      )}
      {profiles.length > 0 && (
        <Section id="profiles" title="Profiles to reconnect" count={profiles.length}>
          {profiles.map((row) => (
            <ProfileRow key={row.id} row={row} />
          ))}
        </Section>
      )}
      {queues.length > 0 && (
        <Section id="queues" title="Queues that publish nothing" count={queues.length}>
          {queues.map((row) => (
            <Row
              key={row.id}
              testId={`attention-queue-${row.id}`}
              title={row.name}
              meta={
                <>
                  {row.brand.name} · <Badge tone="amber">{row.reason === "paused" ? "paused" : "no time slots"}</Badge>
                </>
              }
              detail={
                row.reason === "paused"
                  ? `${row.waiting} scheduled ${row.waiting === 1 ? "post waits" : "posts wait"} until it is resumed.`
                  : "Posts added to it never get a time until it has a slot."
              }
              actions={linkButton(
                `/queues/${encodeURIComponent(row.id)}`,
                row.reason === "paused" ? "Open queue" : "Add slots",
                `attention-open-queue-${row.id}`,
                "primary",
              )}
            />
          ))}
        </Section>
      )}
      {webhooks.length > 0 && (
        <Section id="webhooks" title="Failing webhooks" count={webhooks.length}>
          {webhooks.map((row) => (
            <Row
              key={row.id}
              testId={`attention-webhook-${row.id}`}
              title={row.url}
              meta={
                <>
                  {row.brand?.name ?? "All brands"} · {row.failures} failed{" "}
                  {row.failures === 1 ? "attempt" : "attempts"} in 30 days · last{" "}
                  <LocalTime iso={row.at.toISOString()} />
                </>
              }
              detail={[row.lastStatus && `HTTP ${row.lastStatus}`, row.lastError].filter(Boolean).join(": ") || null}
              actions={linkButton(
                `/webhooks/${encodeURIComponent(row.id)}`,
                "Open webhook",
                `attention-open-webhook-${row.id}`,
                "primary",
              )}
            />
          ))}
        </Section>
      )}
    </>
  );
};
