import type { TEnvironment, TPlatform } from "@/lib/schemas/common";
import { sandboxConnector } from "./sandbox";
import type { AnyConnector } from "./types";

// platform -> connector of the real network. One line per network; each lives in lib/networks/<platform>.
const LIVE: Partial<Record<TPlatform, AnyConnector>> = {
  // networks: add `<platform>: <platform>Connector,` here
};

export class NetworkUnavailableError extends Error {}

// Sandbox-environment profiles always live on the simulated network, whatever their platform.
export const connectorFor = ({ platform, environment }: { platform: TPlatform; environment: TEnvironment }): AnyConnector => {
  if (environment === "sandbox") return sandboxConnector(platform);
  const connector = LIVE[platform];
  if (!connector) throw new NetworkUnavailableError(`${platform} is not available on this server yet`);
  return connector;
};

export const livePlatforms = (): TPlatform[] => Object.keys(LIVE) as TPlatform[];
