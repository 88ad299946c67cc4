import type { ProfileAuth } from "./auth";
import type { ConnectorContext } from "./context";
import type { PublishInput } from "./publishing";

// Stats (optional methods of the connector): no stats method, the network has no stats and is never
// collected.

export type StatsSnapshot = Record<string, number | string | null>;
// A stats reading: `stats` under the spec's normalised names, `raw` under the network's own names.
export type StatsReading = { stats: StatsSnapshot; raw: Record<string, unknown> };

export type StatsMethods<TSettings> = {
  // `connectedAt`: networks whose metrics depend on when the profile was connected (tiktok, 2026-09-30).
  profileStats?(
    ctx: ConnectorContext<TSettings>,
    input: { auth: ProfileAuth; placement: PublishInput["placement"]; connectedAt?: Date },
  ): Promise<StatsReading>;
  postStats?(
    ctx: ConnectorContext<TSettings>,
    input: {
      auth: ProfileAuth;
      placement: PublishInput["placement"];
      postExternalId: string;
      params: Record<string, unknown>;
      connectedAt?: Date;
    },
  ): Promise<StatsReading | null>;
};
