import { SectionHeader } from "@/components/layout/page-header";
import { LocalTime } from "@/components/posts/local-time";
import { EmptyState } from "@/components/ui/empty-state";
import { cn } from "@/lib/cn";
import { PlacementSelect } from "./placement-select";
import { changeOf, formatNumber, numericSeries, textStats, type StatsRecordLike } from "./series";
import { Sparkline } from "./sparkline";

type Props = {
  records: StatsRecordLike[];
  // Placement networks (facebook, linkedin organizations, telegram): stats are per placement.
  placements: { id: string; name: string }[] | null;
  selectedPlacement: string | null;
};

const CHANGE_TONE = { up: "text-emerald-700", down: "text-red-700", flat: "text-slate-500" } as const;

// A profile's stats on its admin page: for each numeric key of the latest snapshot, its value, the change
// since the previous snapshot and a line over the snapshots; text values (channel titles) beside them.
export const ProfileStats = ({ records, placements, selectedPlacement }: Props) => {
  const series = numericSeries(records);
  const texts = textStats(records);
  const latest = records.at(-1);
  return (
    <section aria-labelledby="stats-heading" data-testid="profile-stats">
      <SectionHeader
        id="stats-heading"
        title="Stats"
        description={
          latest ? (
            <span data-testid="stats-summary">
              {records.length === 1 ? "1 snapshot" : `${records.length} snapshots`}, the latest{" "}
              <LocalTime iso={latest.recorded_at} testId="stats-latest-at" />. Taken about every 23 hours.
            </span>
          ) : (
            "Snapshots of the network's numbers, taken about every 23 hours."
          )
        }
        actions={
          placements && placements.length > 0 && selectedPlacement ? (
            <PlacementSelect placements={placements} selected={selectedPlacement} />
          ) : undefined
        }
      />
      {placements && placements.length === 0 ? (
        <EmptyState
          testId="stats-empty"
          title="No placements"
          description="Stats on this network are kept per page, organization or channel; this profile has none yet."
        />
      ) : !latest ? (
        <EmptyState
          testId="stats-empty"
          title="No stats yet"
          description="The first snapshot is taken within the hour after a profile connects, then about once a day."
        />
      ) : (
        <>
          {series.length > 0 && (
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="stats-metrics">
              {series.map(({ key, points }) => {
                const change = changeOf(points);
                return (
                  <li
                    key={key}
                    data-testid={`stat-${key}`}
                    className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
                  >
                    <div className="truncate font-mono text-xs text-slate-500" title={key}>
                      {key}
                    </div>
                    <div className="mt-1 flex items-baseline gap-2">
                      <span className="text-xl font-semibold text-slate-900 tabular-nums" data-testid="stat-value">
                        {formatNumber(points.at(-1)!.v)}
                      </span>
                      {change && (
                        <span
                          className={cn("text-xs font-medium tabular-nums", CHANGE_TONE[change.direction])}
                          data-testid="stat-change"
                          title="Since the previous snapshot"
                        >
                          {change.text}
                        </span>
                      )}
                    </div>
                    <div className="mt-2">
                      <Sparkline points={points} label={key} testId="stat-chart" />
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          {texts.length > 0 && (
            <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm" data-testid="stats-text">
              {texts.map(([key, value]) => (
                <div key={key} className="flex gap-2">
                  <dt className="font-mono text-xs leading-5 text-slate-500">{key}</dt>
                  <dd className="text-slate-800">{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </>
      )}
    </section>
  );
};
