import { z } from "zod";

// The insights answer every Meta network shares: `{data: [{name, period, values: [{value, end_time}],
// total_value: {value}, title, description, id}]}`. A metric carries either a time series (`values`, one
// per period) or a total over the requested range (`total_value`, Instagram's and Threads'
// `metric_type=total_value`); a value is a number or, for breakdowns, an object of numbers.

const ZValue = z.object({ value: z.unknown(), end_time: z.string().optional() }).loose();
export const ZMetric = z
  .object({
    name: z.string(),
    period: z.string().optional(),
    values: z.array(ZValue).optional(),
    total_value: z.object({ value: z.unknown() }).loose().optional(),
  })
  .loose();
export const ZInsights = z.object({ data: z.array(ZMetric) }).loose();
export type Metric = z.infer<typeof ZMetric>;

// The metric's current figure: its range total, else the latest value of its series.
export const metricValue = (metric: Metric): unknown =>
  metric.total_value?.value ?? metric.values?.at(-1)?.value ?? null;

// The sum of a series' values (e.g. daily new followers over a window); null when it has none.
export const seriesSum = (metric: Metric | undefined, lastN?: number): number | null => {
  const values = (metric?.values ?? []).map((v) => numberOf(v.value)).filter((n): n is number => n !== null);
  if (values.length === 0) return null;
  return (lastN === undefined ? values : values.slice(-lastN)).reduce((a, b) => a + b, 0);
};

// Metric name -> current figure.
export const metricsByName = (data: Metric[]): Record<string, unknown> =>
  Object.fromEntries(data.map((m) => [m.name, metricValue(m)]));

export const numberOf = (value: unknown): number | null => {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
};

// One key of a breakdown object (`{like: 3, love: 1}`), or the number itself.
export const partOf = (value: unknown, key: string): number | null => {
  if (value && typeof value === "object" && !Array.isArray(value))
    return numberOf((value as Record<string, unknown>)[key]);
  return numberOf(value);
};

export const unixSeconds = (ms: number) => Math.floor(ms / 1000);
