import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import type { TPost } from "@/lib/schemas/posts";

// "Bluesky (Acme), Telegram (Acme news)": the networks a confirmation names, with their profiles.
export const networkNames = (
  platforms: Pick<TPost["platforms"][number], "platform" | "profile_id">[],
  profileNames: Record<string, string>,
) =>
  platforms
    .map((p) => {
      const name = profileNames[p.profile_id];
      return name ? `${DISPLAY_NAMES[p.platform]} (${name})` : DISPLAY_NAMES[p.platform];
    })
    .join(", ");
