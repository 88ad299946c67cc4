import { chartPaths, formatNumber, type Point } from "./series";

const W = 160;
const H = 40;

// A small line chart of one stat over its snapshots: inline SVG (no chart library), x by time, y between
// the series' own min and max. The label says what it shows for screen readers.
export const Sparkline = ({ points, label, testId }: { points: Point[]; label: string; testId?: string }) => {
  const { line, area, last } = chartPaths(points, W, H);
  const values = points.map((p) => p.v);
  const description =
    points.length === 0
      ? `${label}: no data`
      : `${label} over ${points.length} ${points.length === 1 ? "snapshot" : "snapshots"}: ${formatNumber(values[0]!)} to ${formatNumber(values.at(-1)!)} (min ${formatNumber(Math.min(...values))}, max ${formatNumber(Math.max(...values))})`;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={description}
      data-testid={testId}
      data-points={points.length}
      className="block h-auto w-full overflow-visible text-indigo-500"
    >
      <title>{description}</title>
      {area && <path d={area} className="fill-indigo-50" stroke="none" />}
      {line && (
        <path
          d={line}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          strokeLinejoin="round"
          strokeLinecap="round"
          data-testid="sparkline-line"
        />
      )}
      {last && <circle cx={last.x} cy={last.y} r={2.25} className="fill-indigo-600" />}
    </svg>
  );
};
