import "server-only";
import type { Principal } from "@/lib/principal";
import { notFound } from "@/lib/errors";
import { withProfileManaged } from "./managed";

// GET /api/profiles/:id/resolve_mention?url=…: a page URL or slug to {urn, name, …} through the
// profile's mention lookup (connector.management.mentions); 404 when the network has no such page.
export const resolveMention = ({
  principal,
  profileId,
  url,
}: {
  principal: Principal;
  profileId: string;
  url: string;
}) =>
  withProfileManaged({
    principal,
    profileId,
    kind: "mentions",
    run: async (mentions, ctx, auth) => {
      const found = await mentions.resolveMention(ctx, { auth, query: url });
      if (!found) throw notFound();
      return found;
    },
  });
