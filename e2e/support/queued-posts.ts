import { runScript } from "./tenant";

// Posts waiting in a queue, written straight to the e2e database (queued-posts-script.ts).
export type SeededPost = { body: string; priority?: "high" | "medium" | "low"; scheduled_at?: string };
export type StoredPost = {
  id: string;
  body: string;
  queue_id: string | null;
  queue_priority: string | null;
  scheduled_at: string | null;
  status: string;
};

const SCRIPT = "e2e/support/queued-posts-script.ts";

// Inserts the posts into the queue and rearranges it, as adding posts to a queue does; returns their ids.
export const seedQueuedPosts = (queueId: string, posts: SeededPost[]): string[] =>
  JSON.parse(runScript(SCRIPT, ["seed", queueId, JSON.stringify(posts)])) as string[];

export const readPosts = (ids: string[]): StoredPost[] =>
  JSON.parse(runScript(SCRIPT, ["read", JSON.stringify(ids)])) as StoredPost[];
