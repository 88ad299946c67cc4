import { runScript } from "./tenant";

// Stat snapshots written straight to the e2e database (stats-script.ts); the profile or post counts as
// just collected, so the app's own hourly collection does not add one during the test.
export type SeededSnapshot = {
  placement_id?: string | null;
  recorded_at: string;
  stats: Record<string, number | string | null>;
};

const SCRIPT = "e2e/support/stats-script.ts";

export const seedProfileSnapshots = (profileId: string, snapshots: SeededSnapshot[]): number =>
  Number(runScript(SCRIPT, ["profile", profileId, JSON.stringify(snapshots)]));

export const seedPostSnapshots = (
  postId: string,
  profileId: string,
  snapshots: Omit<SeededSnapshot, "placement_id">[],
): number => Number(runScript(SCRIPT, ["post", postId, profileId, JSON.stringify(snapshots)]));

// `n` daily timestamps ending now, oldest first.
export const dailyTimes = (n: number, end = Date.now()): string[] =>
  Array.from({ length: n }, (_, i) => new Date(end - (n - 1 - i) * 86_400_000).toISOString());
