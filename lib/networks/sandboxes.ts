import type { TPlatform } from "@/lib/schemas/common";
import { blueskySandbox } from "./bluesky/sandbox-profile";
import { facebookSandbox } from "./facebook/sandbox-profile";
import { googleBusinessSandbox } from "./google_business/sandbox-profile";
import { instagramSandbox } from "./instagram/sandbox-profile";
import { linkedinSandbox } from "./linkedin/sandbox-profile";
import { pinterestSandbox } from "./pinterest/sandbox-profile";
import type { SandboxProfile } from "./sandbox/profile";
import { telegramSandbox } from "./telegram/sandbox-profile";
import { threadsSandbox } from "./threads/sandbox-profile";
import { tiktokSandbox } from "./tiktok/sandbox-profile";
import { twitterSandbox } from "./twitter/sandbox-profile";
import { whatsappSandbox } from "./whatsapp/sandbox-profile";
import { youtubeSandbox } from "./youtube/sandbox-profile";

// platform -> what the sandbox network simulates of it (each network's sandbox-profile.ts). One line per
// network; the generic sandbox (lib/networks/sandbox) asks here and never names a network.
const SANDBOXES: Record<TPlatform, SandboxProfile> = {
  facebook: facebookSandbox,
  instagram: instagramSandbox,
  threads: threadsSandbox,
  whatsapp: whatsappSandbox,
  tiktok: tiktokSandbox,
  linkedin: linkedinSandbox,
  pinterest: pinterestSandbox,
  twitter: twitterSandbox,
  youtube: youtubeSandbox,
  google_business: googleBusinessSandbox,
  bluesky: blueskySandbox,
  telegram: telegramSandbox,
};

export const sandboxProfile = (platform: TPlatform): SandboxProfile => SANDBOXES[platform];
