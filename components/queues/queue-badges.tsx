import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { TQueuePriority } from "@/lib/query/post-queues";

export const QueueStatusBadge = ({ enabled, testId }: { enabled: boolean; testId?: string }) =>
  enabled ? (
    <Badge tone="green" data-testid={testId}>
      active
    </Badge>
  ) : (
    <Badge tone="amber" data-testid={testId}>
      paused
    </Badge>
  );

const PRIORITY_TONE: Record<TQueuePriority, BadgeTone> = { high: "red", medium: "indigo", low: "slate" };

export const PriorityBadge = ({ priority }: { priority: TQueuePriority }) => (
  <Badge tone={PRIORITY_TONE[priority]} data-testid="post-priority">
    {priority}
  </Badge>
);
