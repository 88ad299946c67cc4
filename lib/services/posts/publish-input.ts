import "server-only";
import { db } from "@/lib/db/client";
import { mediaStorage, publicMediaUrl } from "@/lib/media/storage";
import { mediaLimitIssues } from "@/lib/media/validate";
import { mediaKindOf } from "@/lib/networks/post-rules";
import { formatLimitsOf } from "@/lib/networks/format-limits";
import type { AnyConnector, PublishInput, PublishMedia } from "@/lib/networks/types";
import { placementAuthOf, profileAuthOf } from "@/lib/services/connections/profile-auth";
import { refreshProfileConnection } from "@/lib/services/connections/refresh-connections";

// Everything a connector's publish gets for one platform post: fresh profile auth, the placement with its
// token, the stored media (hosted URL and bytes), the normalised params and, in a chain, the previous
// link and the root as published.

const REFRESH_MARGIN_MS = 5 * 60 * 1000;

export const loadPlatformPost = (id: string) =>
  db.platformPost.findUnique({
    where: { id },
    include: { post: { include: { media: { orderBy: { position: "asc" } } } }, profile: true },
  });
export type LoadedPlatformPost = NonNullable<Awaited<ReturnType<typeof loadPlatformPost>>>;

const publishMedia = (m: {
  storageKey: string | null;
  contentType: string;
  sizeBytes: number | null;
  sourceUrl: string | null;
}): PublishMedia => {
  const key = m.storageKey!;
  return {
    url: publicMediaUrl(key),
    contentType: m.contentType,
    sizeBytes: m.sizeBytes ?? 0,
    kind: mediaKindOf({ url: key, contentType: m.contentType }),
    read: async () => {
      const file = await mediaStorage().get(key);
      if (!file) throw new Error(`stored media ${key} is missing`);
      return file.bytes;
    },
  };
};

// The chain links published before this one (same profile, lower position): parent and root.
const replyToOf = async (pp: LoadedPlatformPost): Promise<PublishInput["replyTo"] | "unpublished_parent"> => {
  if (pp.post.position === 0) return null;
  const links = await db.platformPost.findMany({
    where: { rootPostId: pp.rootPostId, profileId: pp.profileId, post: { position: { lt: pp.post.position } } },
    include: { post: { select: { position: true } } },
  });
  links.sort((a, b) => a.post.position - b.post.position);
  const root = links[0];
  const parent = links[links.length - 1];
  if (!root?.externalId || !parent?.externalId) return "unpublished_parent";
  return { externalId: parent.externalId, rootExternalId: root.externalId };
};

// A token about to expire is refreshed first (the refresh service disconnects a refused grant).
export const freshAuth = async (connector: AnyConnector, profileId: string) => {
  let profile = await db.profile.findUniqueOrThrow({ where: { id: profileId } });
  if (
    connector.refresh &&
    profile.tokenExpiresAt &&
    profile.tokenExpiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS
  ) {
    await refreshProfileConnection({ profileId });
    profile = await db.profile.findUniqueOrThrow({ where: { id: profileId } });
  }
  return profile;
};

// The stored files against the network's limits for the post's format (sizes, types, dimensions and
// durations are known only once downloaded): a file the network would refuse fails the platform post.
const mediaProblem = (pp: LoadedPlatformPost): string | null => {
  if (pp.post.media.length === 0) return null;
  const limits = formatLimitsOf(pp.platform, pp.params);
  if (!limits) return null;
  const issues = pp.post.media.flatMap((m, i) =>
    mediaLimitIssues(
      {
        contentType: m.contentType,
        sizeBytes: m.sizeBytes,
        kind: mediaKindOf({ url: m.storageKey ?? "", contentType: m.contentType }),
        width: m.width,
        height: m.height,
        durationSec: m.durationSec,
      },
      limits,
      i,
    ),
  );
  return issues.length ? issues.join("; ") : null;
};

// The placement a platform post goes to, with its token; null when it names none or it is gone.
export const placementOfPlatformPost = async ({
  profileId,
  placementId,
}: {
  profileId: string;
  placementId: string | null;
}) => {
  if (!placementId) return null;
  const row = await db.placement.findFirst({ where: { profileId, externalId: placementId } });
  return row ? placementAuthOf(row) : null;
};

export const buildPublishInput = async (connector: AnyConnector, pp: LoadedPlatformPost) => {
  const refused = mediaProblem(pp);
  if (refused) return { problem: refused } as const;
  const profile = await freshAuth(connector, pp.profileId);
  if (profile.status !== "active")
    return { problem: "The profile is disconnected: reconnect it and publish again" } as const;
  const replyTo = await replyToOf(pp);
  if (replyTo === "unpublished_parent")
    return { problem: "The previous post of the thread was not published" } as const;
  const placement = await placementOfPlatformPost(pp);
  if (pp.placementId && !placement)
    return { problem: `Placement ${pp.placementId} is no longer available on the profile` } as const;
  const input: PublishInput = {
    auth: profileAuthOf(profile),
    placement,
    body: pp.post.body,
    media: pp.post.media.map(publishMedia),
    params: (pp.params ?? {}) as Record<string, unknown>,
    replyTo,
    clientReference: pp.id,
  };
  return { input } as const;
};
