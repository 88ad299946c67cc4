import type { FakeGoogleUser, Reply } from "./google-apis";
import { invalidEnum, unknownQueryParameter } from "./google-business";

// Reviews on the Google fake (e2e/fakes/google.ts): Business Profile v4 accounts.locations.reviews.list
// (pageSize 1-50, pageToken, orderBy "rating", "rating desc", "updateTime desc"). Unknown query parameters
// and enum values are refused as Google refuses them. Tests seed reviews; the fake keeps them per location.
// (YouTube comment threads, polled and written, are in google-youtube-comments.ts.)

type Req = { user: FakeGoogleUser; url: URL };
export type FakeReview = Record<string, unknown> & { name: string; updateTime: string };

const STANDARD = ["$.xgafv", "access_token", "alt", "callback", "fields", "key", "oauth_token", "prettyPrint", "quotaUser", "upload_protocol", "uploadType"];
const REVIEW_PARAMS = new Set([...STANDARD, "pageSize", "pageToken", "orderBy"]);
const unknownParam = (q: URLSearchParams, allowed: Set<string>) => [...q.keys()].find((k) => !allowed.has(k));
const offsetOf = (token: string | null) => Number(token?.replace(/^o/, "") ?? 0);

export const fakeCommentLists = () => {
  const reviews = new Map<string, FakeReview[]>(); // accounts/{a}/locations/{l} -> reviews

  const listReviews = ({ url }: Req, location: string, access: (location: string) => Reply | null): Reply => {
    const q = url.searchParams;
    const unknown = unknownParam(q, REVIEW_PARAMS);
    if (unknown) return unknownQueryParameter(unknown);
    const refused = access(location);
    if (refused) return refused;
    const orderBy = q.get("orderBy") ?? "updateTime desc";
    if (!["rating", "rating desc", "updateTime desc"].includes(orderBy)) return invalidEnum("order_by", "google.mybusiness.v4.ListReviewsRequest", orderBy);
    const size = Number(q.get("pageSize") ?? 50);
    if (!Number.isInteger(size) || size < 1 || size > 50) return invalidEnum("page_size", "int32", String(size));
    const all = [...(reviews.get(location) ?? [])].sort((a, b) => b.updateTime.localeCompare(a.updateTime));
    const offset = offsetOf(q.get("pageToken"));
    const page = all.slice(offset, offset + size);
    return { status: 200, body: { ...(page.length > 0 && { reviews: page }), totalReviewCount: all.length, ...(offset + size < all.length && { nextPageToken: `o${offset + size}` }) } };
  };

  let n = 0;
  return {
    reviews,
    listReviews,
    addReview: (location: string, review: Partial<FakeReview> & { comment?: string; starRating?: string }) => {
      const reviewId = `r${++n}`;
      const now = new Date().toISOString();
      const full: FakeReview = { reviewId, reviewer: { displayName: "Reviewer", profilePhotoUrl: "https://lh3.example/r.jpg" }, starRating: "FIVE", createTime: now, updateTime: now, ...review, name: `${location}/reviews/${reviewId}` };
      reviews.set(location, [...(reviews.get(location) ?? []), full]);
      return full;
    },
  };
};
