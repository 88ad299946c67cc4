import type { NetworkError } from "@/lib/networks/errors";

// For the connectors' error-mapping tests: a network's failed answer as mapError receives it.
export const failure = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  body,
  headers: new Headers(headers),
});

// `map(status, body, headers?)`: the NetworkError `mapError` makes of that answer.
export const errorMapper =
  (mapError: (failed: ReturnType<typeof failure>) => NetworkError) =>
  (...args: Parameters<typeof failure>) =>
    mapError(failure(...args));
