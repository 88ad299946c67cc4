import { SectionHeader } from "@/components/layout/page-header";
import { RefreshOnEnvironmentChange } from "@/components/posts/environment-refresh";
import { LocalTime } from "@/components/posts/local-time";
import { PlatformName } from "@/components/profiles/platform-mark";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { Principal } from "@/lib/principal";
import { getPostStatsView } from "@/lib/services/stats/read-stats";
import { changeOf, formatNumber, numericSeries } from "./series";
import { Sparkline } from "./sparkline";

// A post's stats on its admin page (server component): per network, the latest snapshot's values, the
// change since the one before, and a line of the first metric (impressions on most networks). Nothing is
// shown before the first snapshot (about a day after publishing) or for networks without post stats.
export const PostStats = async ({ principal, postId }: { principal: Principal; postId: string }) => {
  const platforms = await getPostStatsView({ principal, postId });
  if (platforms.length === 0) return null;
  return (
    <section aria-labelledby="post-stats-heading" className="mt-8" data-testid="post-stats">
      {/* Server-rendered for the environment of the request: rendered again when the switcher changes it. */}
      <RefreshOnEnvironmentChange rendered={principal.environment} />
      <SectionHeader
        id="post-stats-heading"
        title="Stats"
        description="The latest snapshot per network, taken about every 23 hours for 30 days after publishing."
      />
      <Table>
        <THead>
          <tr>
            <Th>Network</Th>
            <Th>Latest</Th>
            <Th className="w-40">Trend</Th>
            <Th>Taken</Th>
          </tr>
        </THead>
        <TBody>
          {platforms.map((p) => {
            const series = numericSeries(p.records);
            const first = series[0];
            return (
              <Tr key={p.profile_id} data-testid={`post-stats-${p.profile_id}`} data-platform={p.platform}>
                <Td>
                  <PlatformName platform={p.platform} />
                  <div className="mt-0.5 truncate pl-9.5 text-xs text-slate-500">{p.profile_name ?? p.profile_id}</div>
                </Td>
                <Td className="whitespace-normal">
                  <dl className="flex flex-wrap gap-x-4 gap-y-1">
                    {series.map(({ key, points }) => {
                      const change = changeOf(points);
                      return (
                        <div key={key} data-testid={`post-stat-${key}`}>
                          <dt className="font-mono text-xs text-slate-500">{key}</dt>
                          <dd className="font-semibold text-slate-900 tabular-nums">
                            <span data-testid="stat-value">{formatNumber(points.at(-1)!.v)}</span>
                            {change && change.direction !== "flat" && (
                              <span className="ml-1 text-xs font-normal text-slate-500">{change.text}</span>
                            )}
                          </dd>
                        </div>
                      );
                    })}
                    {series.length === 0 && <span className="text-slate-400">—</span>}
                  </dl>
                </Td>
                <Td>
                  {first && first.points.length > 1 ? (
                    <Sparkline points={first.points} label={first.key} testId="post-stat-chart" />
                  ) : (
                    <span className="text-xs text-slate-400">—</span>
                  )}
                </Td>
                <Td className="text-sm whitespace-nowrap text-slate-500">
                  <LocalTime iso={p.records.at(-1)!.recorded_at} />
                </Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
    </section>
  );
};
