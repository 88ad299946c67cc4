import { runScript } from "./tenant";

// Audience comments on a published post, written straight to the e2e database (comments-script.ts).
export type SeededComment = { body: string; author: string; minutes_ago: number };

export const seedAudienceComments = (postId: string, profileId: string, comments: SeededComment[]): string[] =>
  JSON.parse(
    runScript("e2e/support/comments-script.ts", ["seed", postId, profileId, JSON.stringify(comments)]),
  ) as string[];

export type SeededReview = { body: string; author: string; star_rating: string; minutes_ago: number; reply?: string };

// Reviews of one location (or page) of a profile, as the review sync stores them, each with an optional reply.
export const seedReviews = (profileId: string, placementId: string, reviews: SeededReview[]): void => {
  runScript("e2e/support/comments-script.ts", ["seed-reviews", profileId, placementId, JSON.stringify(reviews)]);
};
