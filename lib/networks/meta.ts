import { PLATFORMS, type TPlatform } from "@/lib/schemas/common";
import { blueskyMeta } from "./bluesky/meta";
import { facebookMeta } from "./facebook/meta";
import { googleBusinessMeta } from "./google_business/meta";
import { instagramMeta } from "./instagram/meta";
import { linkedinMeta } from "./linkedin/meta";
import type { NetworkMeta } from "./meta-types";
import { pinterestMeta } from "./pinterest/meta";
import { telegramMeta } from "./telegram/meta";
import { threadsMeta } from "./threads/meta";
import { tiktokMeta } from "./tiktok/meta";
import { twitterMeta } from "./twitter/meta";
import { whatsappMeta } from "./whatsapp/meta";
import { youtubeMeta } from "./youtube/meta";

// The client-safe registry: platform -> what the app knows about the network (lib/networks/<platform>/meta.ts).
// The names themselves are PLATFORMS (lib/schemas/common.ts, the one list); this record must have one line
// per name. Server code reaches the network itself through registry.ts.
const NETWORKS: Record<TPlatform, NetworkMeta> = {
  // networks: add `<platform>: <platform>Meta,` here
  facebook: facebookMeta,
  instagram: instagramMeta,
  tiktok: tiktokMeta,
  linkedin: linkedinMeta,
  youtube: youtubeMeta,
  twitter: twitterMeta,
  threads: threadsMeta,
  pinterest: pinterestMeta,
  bluesky: blueskyMeta,
  telegram: telegramMeta,
  google_business: googleBusinessMeta,
  whatsapp: whatsappMeta,
};

export const networkMeta = (platform: TPlatform): NetworkMeta => NETWORKS[platform];

// The platforms whose facts satisfy `test`, in the order of PLATFORMS.
export const platformsWhere = (test: (meta: NetworkMeta) => boolean): TPlatform[] =>
  PLATFORMS.filter((p) => test(NETWORKS[p]));

// "a, b and c": network names listed in a message.
export const listPlatforms = (platforms: readonly string[]): string =>
  platforms.length > 1 ? `${platforms.slice(0, -1).join(", ")} and ${platforms.at(-1)}` : (platforms[0] ?? "");

export type { NetworkMeta, TConnectField, TConnectFormSpec, TFieldSpec } from "./meta-types";
