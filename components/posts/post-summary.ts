import type { TPost } from "@/lib/schemas/posts";

// What a post's status really says, for the post page, the posts list and calendar cards. The post's own
// status ends at `processed` once every network was handed its copy (lib/services/posts/lifecycle.ts),
// whatever the networks answered; the truth is in its platform posts (one per profile: the root links).
// Pure: no React, no fetching.

export type TPostTone = "draft" | "waiting" | "publishing" | "published" | "partial" | "failed" | "deleted";
export type TPostSummary = {
  label: string;
  tone: TPostTone;
  total: number;
  published: number;
  failed: number; // failed, or delivery unconfirmed (it may not have arrived)
};

type SummaryInput = Pick<TPost, "status" | "draft" | "scheduled_at" | "queue_id"> & {
  platforms: Pick<TPost["platforms"][number], "status">[];
};

const IN_FLIGHT = new Set(["pending", "processing", "failed_waiting_for_retry"]);
const REMOVED = new Set(["pending_deletion", "deleted"]);

const count = (platforms: SummaryInput["platforms"], match: (status: string) => boolean) =>
  platforms.filter((p) => match(p.status)).length;

export const summarisePost = (post: SummaryInput): TPostSummary => {
  const { platforms } = post;
  const total = platforms.length;
  const published = count(platforms, (s) => s === "published");
  const failed = count(platforms, (s) => s === "failed");
  const unconfirmed = count(platforms, (s) => s === "delivery_unconfirmed");
  const inFlight = count(platforms, (s) => IN_FLIGHT.has(s));
  const removed = count(platforms, (s) => REMOVED.has(s));
  const base = { total, published, failed: failed + unconfirmed };

  if (post.draft) return { ...base, label: "draft", tone: "draft" };
  if (post.status === "media_processing_failed") return { ...base, label: "media failed", tone: "failed" };
  if (post.status === "pending" || post.status === "scheduled") {
    const label = post.queue_id ? "queued" : post.scheduled_at && post.status === "scheduled" ? "scheduled" : "pending";
    return { ...base, label, tone: "waiting" };
  }
  if (total === 0) return { ...base, label: post.status.replaceAll("_", " "), tone: "waiting" };

  const parts = [
    `${published} of ${total} published`,
    failed > 0 && `${failed} failed`,
    unconfirmed > 0 && `${unconfirmed} unconfirmed`,
    inFlight > 0 && `${inFlight} in progress`,
    removed > 0 && `${removed} deleted`,
  ].filter(Boolean);
  const label = parts.join(", ");
  let tone: TPostTone;
  if (inFlight > 0) tone = "publishing";
  else if (failed + unconfirmed === 0) tone = removed === total ? "deleted" : "published";
  else if (published === 0) tone = "failed";
  else tone = "partial";
  return { ...base, label, tone };
};

// The profiles whose platform post failed (what "Retry failed networks" publishes again).
export const failedPlatforms = <P extends Pick<TPost["platforms"][number], "status">>(platforms: P[]) =>
  platforms.filter((p) => p.status === "failed");
