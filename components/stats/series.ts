// Pure helpers of the stats charts (no React): which keys are charted, their points, the SVG paths.

export type StatsRecordLike = { stats: Record<string, unknown>; recorded_at: string };
export type Point = { t: number; v: number };

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

// Stats come back from the database in no useful order (jsonb sorts keys by length): audience sizes
// first, then the spec's post metrics in its order, then the rest alphabetically.
const AUDIENCE = /^(followers|follower_count|followerCount|subscriberCount|fan_count)/;
const POST_KEYS = [
  "impressions",
  "reach",
  "likes",
  "comments",
  "replies",
  "shares",
  "reposts",
  "retweets",
  "quotes",
  "saved",
  "clicks",
  "outbound_clicks",
  "profile_visits",
  "follows",
];
const rank = (key: string) =>
  AUDIENCE.test(key) ? -1 : POST_KEYS.includes(key) ? POST_KEYS.indexOf(key) : POST_KEYS.length;
export const byStatKey = (a: string, b: string) => rank(a) - rank(b) || a.localeCompare(b);

// The numeric keys of the latest record (byStatKey order), each with its values over every record that has
// a number for it (records oldest first).
export const numericSeries = (records: StatsRecordLike[]): { key: string; points: Point[] }[] => {
  const latest = records.at(-1);
  if (!latest) return [];
  return Object.entries(latest.stats)
    .filter(([, v]) => isNumber(v))
    .map(([key]) => key)
    .sort(byStatKey)
    .map((key) => ({
      key,
      points: records.flatMap((r) =>
        isNumber(r.stats[key]) ? [{ t: Date.parse(r.recorded_at), v: r.stats[key] as number }] : [],
      ),
    }));
};

// The latest record's other values (channel titles, usernames): shown as text, not charted.
export const textStats = (records: StatsRecordLike[]): [string, string][] =>
  Object.entries(records.at(-1)?.stats ?? {})
    .flatMap(([k, v]) => (typeof v === "string" && v !== "" ? [[k, v] as [string, string]] : []))
    .sort(([a], [b]) => byStatKey(a, b));

// Line and area paths in a width × height box: x by time, y scaled between the series' min and max
// (a flat or single-point series sits in the middle). `pad` keeps the stroke inside the box.
export const chartPaths = (
  points: Point[],
  width: number,
  height: number,
  pad = 2,
): { line: string; area: string; last: { x: number; y: number } | null } => {
  if (points.length === 0) return { line: "", area: "", last: null };
  const ts = points.map((p) => p.t);
  const vs = points.map((p) => p.v);
  const [t0, t1] = [Math.min(...ts), Math.max(...ts)];
  const [v0, v1] = [Math.min(...vs), Math.max(...vs)];
  const x = (t: number) => (t1 === t0 ? width / 2 : pad + ((t - t0) / (t1 - t0)) * (width - 2 * pad));
  const y = (v: number) => (v1 === v0 ? height / 2 : height - pad - ((v - v0) / (v1 - v0)) * (height - 2 * pad));
  const round = (n: number) => Math.round(n * 100) / 100;
  const xy =
    points.length === 1
      ? [
          { x: pad, y: y(points[0]!.v) },
          { x: width - pad, y: y(points[0]!.v) },
        ]
      : points.map((p) => ({ x: x(p.t), y: y(p.v) }));
  const line = xy.map((p, i) => `${i === 0 ? "M" : "L"}${round(p.x)} ${round(p.y)}`).join(" ");
  const area = `${line} L${round(xy.at(-1)!.x)} ${height} L${round(xy[0]!.x)} ${height} Z`;
  const lastPoint = points.at(-1)!;
  return {
    line,
    area,
    last: { x: round(points.length === 1 ? width - pad : x(lastPoint.t)), y: round(y(lastPoint.v)) },
  };
};

const NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 });
export const formatNumber = (n: number): string => NUMBER.format(n);

// The change since the previous snapshot ("+12", "-3", "±0"); null with fewer than two points.
export const changeOf = (points: Point[]): { text: string; direction: "up" | "down" | "flat" } | null => {
  if (points.length < 2) return null;
  const d = points.at(-1)!.v - points.at(-2)!.v;
  const rounded = Math.round(d * 1000) / 1000;
  if (rounded === 0) return { text: "±0", direction: "flat" };
  return {
    text: `${rounded > 0 ? "+" : "−"}${formatNumber(Math.abs(rounded))}`,
    direction: rounded > 0 ? "up" : "down",
  };
};
