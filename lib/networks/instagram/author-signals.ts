import { z } from "zod";
import { NetworkError } from "../errors";
import { graphRequest, graphUrl, requireToken } from "../graph/request";
import type { CommentSync } from "../types";
import { instagramApi, type InstagramSettings } from "./settings";

// Instagram author signals of a commenter (the Comment resource's `metadata` in lib/schemas/comments.ts), from the Instagram User Profile
// API with the account's token: GET /{instagram-scoped user id}?fields=is_verified_user,
// is_user_follow_business,is_business_follow_user,follower_count. Only the fields Instagram returns
// are kept, with `author_fetched_at`; an author Instagram will not describe (no consent, a deleted
// account: Graph errors 100/230) has none (null).

export const AUTHOR_FIELDS = [
  "is_verified_user",
  "is_user_follow_business",
  "is_business_follow_user",
  "follower_count",
];

const ZProfile = z
  .object({
    is_verified_user: z.boolean().optional(),
    is_user_follow_business: z.boolean().optional(),
    is_business_follow_user: z.boolean().optional(),
    follower_count: z.number().int().optional(),
  })
  .loose();

export const instagramAuthorSignals: NonNullable<CommentSync<InstagramSettings>["authorSignals"]> = async (
  ctx,
  { auth, authorExternalId },
) => {
  let profile: z.infer<typeof ZProfile>;
  try {
    profile = await graphRequest(
      ctx,
      instagramApi,
      {
        url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, authorExternalId),
        query: { fields: AUTHOR_FIELDS.join(",") },
        token: requireToken(auth),
      },
      ZProfile,
    );
  } catch (err) {
    if (err instanceof NetworkError && err.kind === "rejected") return null; // not described to us
    throw err; // rate limits, outages, an expired token: the job retries
  }
  const signals = Object.fromEntries(AUTHOR_FIELDS.flatMap((f) => (profile[f] === undefined ? [] : [[f, profile[f]]])));
  return Object.keys(signals).length ? { ...signals, author_fetched_at: new Date().toISOString() } : null;
};
