import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { TPost } from "@/lib/schemas/posts";
import { summarisePost, type TPostTone } from "./post-summary";

type PlatformStatus = TPost["platforms"][number]["status"];

const PLATFORM_TONES: Record<PlatformStatus, BadgeTone> = {
  pending: "slate",
  processing: "blue",
  published: "green",
  failed: "red",
  failed_waiting_for_retry: "amber",
  delivery_unconfirmed: "amber",
  pending_deletion: "blue",
  deleted: "slate",
};

const label = (status: string) => status.replaceAll("_", " ");

const SUMMARY_TONES: Record<TPostTone, BadgeTone> = {
  draft: "slate",
  waiting: "indigo",
  publishing: "blue",
  published: "green",
  partial: "amber",
  failed: "red",
  deleted: "slate",
};

// The truthful status (post-summary.ts): "5 of 7 published, 2 failed", red when every network failed.
// data-status keeps the API's post status; data-tone the summary's.
export const PostSummaryBadge = ({ post, testId }: { post: Parameters<typeof summarisePost>[0]; testId?: string }) => {
  const summary = summarisePost(post);
  return (
    <Badge tone={SUMMARY_TONES[summary.tone]} data-testid={testId} data-status={post.status} data-tone={summary.tone}>
      {summary.label}
    </Badge>
  );
};

export const PlatformStatusBadge = ({
  status,
  testId,
  title,
}: {
  status: PlatformStatus;
  testId?: string;
  title?: string;
}) => (
  <Badge tone={PLATFORM_TONES[status]} data-testid={testId} data-status={status} title={title}>
    {label(status)}
  </Badge>
);
