import type { z } from "zod";
import type { ZInitializeConnectionResponse } from "@/lib/schemas/profiles";
import type { TPlatform } from "@/lib/schemas/common";

// What initialize_connection started: the network's authorize URL (OAuth), or the connected profile and
// the network's next step, if any (forms).
export type ConnectionStart = {
  url?: string;
  profile?: { id: string; platform: TPlatform; name: string; username: string | null };
  nextStep?: string;
};

// POST /api/profile_groups/:id/initialize_connection: where to send the user (OAuth networks), or the
// profile connected at once (form-connected networks) with the network's next step, if any.
export const serializeConnectionStart = (start: ConnectionStart): z.input<typeof ZInitializeConnectionResponse> =>
  start.profile
    ? {
        success: true,
        profile: {
          id: start.profile.id,
          network: start.profile.platform,
          name: start.profile.name,
          external_username: start.profile.username,
        },
        ...(start.nextStep && { next_step: start.nextStep }),
      }
    : { url: start.url, success: true };
