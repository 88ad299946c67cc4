import type { TPlatform } from "@/lib/schemas/common";
import { sandboxProfile } from "../sandboxes";
import type { PlacementInfo } from "../types";
import type { SandboxAccount } from "./simulated";

// Simulated accounts of the sandbox network: each platform's placements, with the metadata keys the spec
// names, derived deterministically from the account's id so they are stable (each network's
// sandbox-profile.ts states them; networks without placements have none).

export { digits, type SandboxAccount } from "./simulated";

export const sandboxPlacements = (platform: TPlatform, account: SandboxAccount): PlacementInfo[] =>
  sandboxProfile(platform).placements?.(account) ?? [];
