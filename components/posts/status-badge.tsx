import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { TPost } from "@/lib/schemas/posts";

type PostStatus = TPost["status"];
type PlatformStatus = TPost["platforms"][number]["status"];

const POST_TONES: Record<PostStatus, BadgeTone> = {
  draft: "slate",
  pending: "blue",
  scheduled: "indigo",
  processing: "blue",
  processed: "green",
  media_processing_failed: "red",
};

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

export const PostStatusBadge = ({ status, testId }: { status: PostStatus; testId?: string }) => (
  <Badge tone={POST_TONES[status]} data-testid={testId} data-status={status}>
    {label(status)}
  </Badge>
);

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
