import type { TEnvironment, TPlatform } from "@/lib/schemas/common";
import { blueskyConnector } from "./bluesky";
import { googleBusinessConnector } from "./google_business";
import { facebookConnector } from "./facebook";
import { instagramConnector } from "./instagram";
import { linkedinConnector } from "./linkedin";
import { pinterestConnector } from "./pinterest";
import { sandboxConnector } from "./sandbox";
import { telegramConnector } from "./telegram";
import { threadsConnector } from "./threads";
import { whatsappConnector } from "./whatsapp";
import { tiktokConnector } from "./tiktok";
import { twitterConnector } from "./twitter";
import type { AnyConnector } from "./types";
import { youtubeConnector } from "./youtube";

// platform -> connector of the real network. One line per network; each lives in lib/networks/<platform>.
const LIVE: Partial<Record<TPlatform, AnyConnector>> = {
  // networks: add `<platform>: <platform>Connector,` here
  facebook: facebookConnector,
  instagram: instagramConnector,
  threads: threadsConnector,
  whatsapp: whatsappConnector,
  tiktok: tiktokConnector,
  linkedin: linkedinConnector,
  pinterest: pinterestConnector,
  twitter: twitterConnector,
  youtube: youtubeConnector,
  google_business: googleBusinessConnector,
  bluesky: blueskyConnector,
  telegram: telegramConnector,
};

export class NetworkUnavailableError extends Error {}

// Sandbox-environment profiles always live on the simulated network, whatever their platform.
export const connectorFor = ({
  platform,
  environment,
}: {
  platform: TPlatform;
  environment: TEnvironment;
}): AnyConnector => {
  if (environment === "sandbox") return sandboxConnector(platform, LIVE[platform]);
  const connector = LIVE[platform];
  if (!connector) throw new NetworkUnavailableError(`${platform} is not available on this server yet`);
  return connector;
};

export const livePlatforms = (): TPlatform[] => Object.keys(LIVE) as TPlatform[];

// Networks whose connector looks pages up for mentions (management.mentions; the sandbox simulates the
// same ones): the composer turns a pasted page URL into a mention on their profiles.
export const mentionPlatforms = (): TPlatform[] =>
  livePlatforms().filter((p) => LIVE[p]?.management?.mentions !== undefined);
