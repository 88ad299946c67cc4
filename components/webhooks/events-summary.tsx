import { Badge } from "@/components/ui/badge";
import { isAllEvents } from "./event-groups";

// A webhook's subscriptions in a table cell: "All events", or the first few names and a count.
export const EventsSummary = ({ events, max = 2 }: { events: string[]; max?: number }) => {
  if (isAllEvents(events)) return <Badge tone="indigo">All events</Badge>;
  const shown = events.slice(0, max);
  const hidden = events.length - shown.length;
  return (
    <span className="flex flex-wrap items-center gap-1" title={events.join("\n")}>
      {shown.map((e) => (
        <code key={e} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-700">
          {e}
        </code>
      ))}
      {hidden > 0 && <span className="text-xs text-slate-500">+{hidden} more</span>}
    </span>
  );
};

export const EnabledBadge = ({ enabled, testId }: { enabled: boolean; testId?: string }) =>
  enabled ? (
    <Badge tone="green" data-testid={testId}>
      enabled
    </Badge>
  ) : (
    <Badge tone="slate" data-testid={testId}>
      disabled
    </Badge>
  );
