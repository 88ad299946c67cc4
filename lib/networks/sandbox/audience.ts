import { createHash } from "node:crypto";
import type { TPlatform } from "@/lib/schemas/common";
import { CAPABILITIES } from "../platforms";
import { sandboxProfile } from "../sandboxes";
import type {
  AnyConnector,
  CommentSync,
  InboundAttachment,
  InboundComment,
  InboundProfileComment,
  ProfileAuth,
} from "../types";
import { createSandboxComment, findCreatedSandboxComment } from "./comments";
import { isQuietSandboxPost, type SandboxCtx } from "./publish";

// The sandbox's simulated audience: what the network answers when we read the comments of a sandbox
// post, or the reviews / recommendations of a sandbox location or page. It answers the same comment
// sync capability the real networks answer, so its comments arrive through the same polling and the
// same inbound layer (keyed on the network's ids, comment.created / profile_comment.created where the
// real network emits them). The audience is derived from the post's (or placement's) id: every read
// answers the same comments, so a second poll creates nothing.
//
// On a post: a top-level comment, a reply to it, a second top-level comment; networks with nested
// threads (bluesky) get a thread four levels deep; instagram authors carry their author signals
// (`metadata`); networks whose comments carry attachments (facebook, threads, bluesky) get one comment
// with two images: one served by this install (mirrored: `processed`) and one this install answers 404
// for (`failed`, with media.failed), to rehearse both outcomes. A location gets three reviews (one
// already answered), a page two recommendations. Replies to them go to the simulated network with the
// body tags of comments (#sandbox-fail, -retry, -timeout, -unconfirmed, -auth). A post published with
// #sandbox-quiet gets no audience (for tests that write their own comments).

export const FIRST_POLL_AFTER_MS = 3_000;
const AUDIENCE_POLL_MS = 10 * 60_000;

// What the network's comments carry (its sandbox-profile.ts: attachments, nesting, author signals).
const audienceTraits = (platform: TPlatform) => sandboxProfile(platform).audience ?? {};

const short = (id: string) => createHash("sha256").update(id).digest("hex").slice(0, 12);

type Person = { id: string; username: string; name: string };
const PEOPLE: Person[] = [
  { id: "sbx_user_ada", username: "ada.simulated", name: "Ada (simulated)" },
  { id: "sbx_user_sam", username: "sam.simulated", name: "Sam (simulated)" },
  { id: "sbx_user_kim", username: "kim.simulated", name: "Kim (simulated)" },
  { id: "sbx_user_lee", username: "lee.simulated", name: "Lee (simulated)" },
];

const comment = (
  platform: TPlatform,
  externalId: string,
  parentExternalId: string,
  who: Person,
  body: string,
  postedAt: Date,
  attachments: InboundAttachment[] = [],
): InboundComment => ({
  externalId,
  parentExternalId,
  body,
  authorExternalId: who.id,
  authorUsername: who.username,
  authorName: who.name,
  authorAvatarUrl: null,
  metadata: audienceTraits(platform).authorSignals
    ? {
        is_verified_user: who === PEOPLE[0],
        is_user_follow_business: true,
        is_business_follow_user: who === PEOPLE[0],
        follower_count: 1200 + PEOPLE.indexOf(who) * 345,
        author_fetched_at: postedAt.toISOString(),
      }
    : null,
  likeCount: 0,
  isHidden: false,
  permalink: `https://sandbox.invalid/${platform}/comments/${externalId}`,
  platformData: { sandbox: true },
  attachments,
  postedAt,
});

// The audience's comments on one published post, replies with their parent's id.
export const audienceOf = (platform: TPlatform, postExternalId: string, publicUrl: string | undefined) => {
  const key = short(postExternalId);
  const at = (minutes: number) => new Date(Date.now() - 60_000 + minutes * 1000);
  const id = (n: number) => `sbx_comment_${key}_${n}`;
  const [ada, sam, kim, lee] = PEOPLE as [Person, Person, Person, Person];
  const out = [
    comment(platform, id(1), postExternalId, ada, "Love this! (simulated audience)", at(0)),
    comment(platform, id(2), id(1), sam, "Agreed, great post. (simulated reply)", at(1)),
    comment(platform, id(3), postExternalId, kim, "When is the next one? (simulated audience)", at(2)),
  ];
  if (audienceTraits(platform).nested)
    out.push(
      comment(platform, id(4), id(2), lee, "Replying in the thread. (simulated reply, level 3)", at(3)),
      comment(platform, id(5), id(4), ada, "And one level deeper. (simulated reply, level 4)", at(4)),
    );
  if (audienceTraits(platform).attachments)
    out.push(
      comment(platform, id(6), postExternalId, lee, "Here is a picture. (simulated attachments)", at(5), [
        { type: "image", url: publicUrl ? `${publicUrl}/icon-512.png` : null, externalId: `${id(6)}_a` },
        { type: "image", url: publicUrl ? `${publicUrl}/sandbox/gone-${key}.png` : null, externalId: `${id(6)}_b` },
      ]),
    );
  return out;
};

const STARS = ["ONE", "TWO", "THREE", "FOUR", "FIVE"];

const profileComment = (
  externalId: string,
  who: Person,
  body: string,
  postedAt: Date,
  platformData: Record<string, unknown>,
  replies: InboundComment[] = [],
): InboundProfileComment => ({
  externalId,
  parentExternalId: null,
  body,
  authorExternalId: who.id,
  authorUsername: who.username,
  authorName: who.name,
  authorAvatarUrl: null,
  metadata: null,
  likeCount: null,
  isHidden: null,
  permalink: null,
  platformData: { sandbox: true, ...platformData },
  attachments: [],
  postedAt,
  replies,
});

const ownerReply = (parent: string, body: string, postedAt: Date): InboundComment => ({
  externalId: `${parent}/reply`,
  parentExternalId: parent,
  body,
  authorExternalId: null,
  authorUsername: null,
  authorName: null,
  authorAvatarUrl: null,
  metadata: null,
  likeCount: null,
  isHidden: null,
  permalink: null,
  platformData: { sandbox: true, owner_reply: true },
  attachments: [],
  postedAt,
});

// Reviews (a location) or recommendations (a page) of one placement, in the real network's shape.
export const profileAudienceOf = (platform: TPlatform, placementId: string): InboundProfileComment[] => {
  const key = short(`${platform}|${placementId}`);
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 12));
  const [ada, sam, kim] = PEOPLE as [Person, Person, Person];
  if (audienceTraits(platform).profileComments === "reviews") {
    const review = (n: number, who: Person, stars: number, body: string, replies: InboundComment[] = []) =>
      profileComment(
        `sandbox/locations/${key}/reviews/${n}`,
        who,
        body,
        day(n),
        { star_rating: STARS[stars - 1], rating: stars },
        replies,
      );
    return [
      review(1, ada, 5, "Excellent service, quick and friendly. (simulated review)", [
        ownerReply(`sandbox/locations/${key}/reviews/1`, "Thank you, Ada! (simulated owner reply)", day(2)),
      ]),
      review(2, sam, 4, "Good, a little wait at the counter. (simulated review)"),
      review(3, kim, 2, "Not what I expected. (simulated review)"),
    ];
  }
  const recommendation = (n: number, who: Person, type: "positive" | "negative", body: string) =>
    profileComment(`sbx_rating_${key}_${n}`, who, body, day(n), { recommendation_type: type, has_review: true });
  return [
    recommendation(1, ada, "positive", "I recommend this page. (simulated recommendation)"),
    recommendation(2, kim, "negative", "Did not answer my message. (simulated recommendation)"),
  ];
};

// The sandbox's comment sync for a platform whose real connector is `real`: post comments where the real
// network has comments, profile-level comments where it has them.
export const sandboxCommentSync = (
  platform: TPlatform,
  real: AnyConnector | undefined,
  checkAuth: (auth: ProfileAuth) => void,
): CommentSync<{ app_url?: string }> | undefined => {
  const posts = Boolean(real?.comments || real?.commentSync?.listPostComments);
  const profiles = Boolean(CAPABILITIES[platform].profileComments && real?.commentSync?.listProfileComments);
  if (!posts && !profiles) return undefined;
  const emitsCreated = real?.commentSync?.emitsCreated ?? Boolean(real?.comments?.announcesCreated);
  return {
    emitsCreated,
    postPollMs: AUDIENCE_POLL_MS,
    firstPollAfterMs: FIRST_POLL_AFTER_MS,
    ...(posts && {
      listPostComments: async (ctx: SandboxCtx, input) => {
        checkAuth(input.auth);
        return isQuietSandboxPost(input.postExternalId)
          ? []
          : audienceOf(platform, input.postExternalId, ctx.publicUrl);
      },
    }),
    ...(profiles && {
      listProfileComments: async (_ctx: SandboxCtx, input) => {
        checkAuth(input.auth);
        return profileAudienceOf(platform, input.placement.externalId ?? "");
      },
    }),
    ...(profiles &&
      real?.commentSync?.replyToProfileComment && {
        replyToProfileComment: async (ctx: SandboxCtx, draft) => {
          checkAuth(draft.auth);
          return createSandboxComment(ctx, { ...draft, postExternalId: draft.placement.externalId ?? "" });
        },
        findProfileReply: async (ctx: SandboxCtx, draft) => {
          checkAuth(draft.auth);
          return findCreatedSandboxComment(ctx, { clientReference: draft.clientReference });
        },
      }),
  };
};
