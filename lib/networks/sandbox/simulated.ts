// The building blocks of the sandbox's simulated data, shared by the generic sandbox (lib/networks/sandbox)
// and each network's sandbox description (lib/networks/<platform>/sandbox-profile.ts): the simulated
// account, stable digits derived from its id, and plausible numbers that are deterministic for a seed and
// a day and grow slowly with time, and the sandbox's errors. It imports nothing of the sandbox, so every
// sandbox module, generic or a network's, may use it without an import cycle.
import { NetworkError, details } from "../errors";

export type SandboxAccount = { id: string; name: string };

export const digits = (seed: string, n: number) => {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return String(h).padStart(n, "0").slice(-n);
};

export const DAY_MS = 86_400_000;
export const SANDBOX_EPOCH = Date.UTC(2025, 0, 1);

// FNV-1a, 32 bits.
const hash = (text: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
};
export const between = (seed: string, min: number, max: number) => min + (hash(seed) % (max - min + 1));

// The account (or placement) whose profile stats are simulated, on one day.
export type StatsSubject = {
  seed: string;
  day: number;
  days: number;
  followers: number;
  following: number;
  posts: number;
  growth: number;
};

export const subjectOf = (seed: string, now: number): StatsSubject => {
  const days = Math.max(0, Math.floor((now - SANDBOX_EPOCH) / DAY_MS));
  const growth = between(`${seed}:growth`, 1, 12);
  return {
    seed,
    day: Math.floor(now / DAY_MS),
    days,
    growth,
    followers: between(`${seed}:followers`, 150, 25_000) + days * growth,
    following: between(`${seed}:following`, 40, 1_200) + Math.floor(days / between(`${seed}:follows-every`, 6, 20)),
    posts: between(`${seed}:posts`, 10, 400) + Math.floor(days / between(`${seed}:posts-every`, 2, 5)),
  };
};

// Activity over a window of days: a share of the audience per day, varying from day to day.
export const activity = (s: StatsSubject, key: string, perFollowerPerDay: number, windowDays = 1) =>
  Math.round(s.followers * perFollowerPerDay * windowDays * (between(`${s.seed}:${key}:${s.day}`, 60, 140) / 100));
export const dailyFollows = (s: StatsSubject, key: string) =>
  Math.max(0, s.growth + between(`${s.seed}:${key}:${s.day}`, 0, 6) - 2);

// An error of the simulated network, with the platform error code a real network's answer carries.
export const sandboxError = (
  kind: NetworkError["kind"],
  code: string,
  message: string,
  retryAfterMs: number | null = null,
) => new NetworkError(kind, message, details(code, null, message), retryAfterMs);
