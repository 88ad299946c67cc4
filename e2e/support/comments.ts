import { runScript } from "./tenant";

// Audience comments on a published post, written straight to the e2e database (comments-script.ts).
export type SeededComment = { body: string; author: string; minutes_ago: number };

export const seedAudienceComments = (postId: string, profileId: string, comments: SeededComment[]): string[] =>
  JSON.parse(runScript("e2e/support/comments-script.ts", ["seed", postId, profileId, JSON.stringify(comments)])) as string[];
