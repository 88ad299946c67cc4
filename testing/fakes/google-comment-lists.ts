import { googleApiError, type FakeGoogleUser, type Reply } from "./google-apis";
import { invalidEnum, unknownQueryParameter } from "./google-business";
import { STANDARD_PARAMS } from "@/lib/networks/google_business/resources";

// Reviews on the Google fake (testing/fakes/google.ts): Business Profile v4 accounts.locations.reviews.list
// (pageSize 1-50, pageToken, orderBy "rating", "rating desc", "updateTime desc"). Unknown query parameters
// and enum values are refused as Google refuses them. Tests seed reviews; the fake keeps them per location.
// One review: GET {review} (reviews.get) and PUT {review}/reply {comment} (reviews.updateReply: creates or
// replaces the owner's reply; a body field other than `comment` is refused, an empty comment too).
// (YouTube comment threads, polled and written, are in google-youtube-comments.ts.)

type Req = { user: FakeGoogleUser; url: URL };
export type FakeReview = Record<string, unknown> & { name: string; updateTime: string };

const STANDARD = STANDARD_PARAMS;
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
    if (!["rating", "rating desc", "updateTime desc"].includes(orderBy))
      return invalidEnum("order_by", "google.mybusiness.v4.ListReviewsRequest", orderBy);
    const size = Number(q.get("pageSize") ?? 50);
    if (!Number.isInteger(size) || size < 1 || size > 50) return invalidEnum("page_size", "int32", String(size));
    const all = [...(reviews.get(location) ?? [])].sort((a, b) => b.updateTime.localeCompare(a.updateTime));
    const offset = offsetOf(q.get("pageToken"));
    const page = all.slice(offset, offset + size);
    return {
      status: 200,
      body: {
        ...(page.length > 0 && { reviews: page }),
        totalReviewCount: all.length,
        ...(offset + size < all.length && { nextPageToken: `o${offset + size}` }),
      },
    };
  };

  const STANDARD_SET = new Set(STANDARD);
  const reviewOf = (name: string) => [...reviews.values()].flat().find((r) => r.name === name);
  const notFound = (): Reply => ({
    status: 404,
    body: googleApiError(404, "NOT_FOUND", "Requested entity was not found."),
  });
  const badPayload = (message: string): Reply => ({
    status: 400,
    body: googleApiError(400, "INVALID_ARGUMENT", message),
  });
  const locationOfReview = (name: string) => name.replace(/\/reviews\/[^/]+$/, "");

  const getReview = ({ url }: Req, name: string, access: (location: string) => Reply | null): Reply => {
    const unknown = unknownParam(url.searchParams, STANDARD_SET);
    if (unknown) return unknownQueryParameter(unknown);
    const refused = access(locationOfReview(name));
    if (refused) return refused;
    const review = reviewOf(name);
    return review ? { status: 200, body: review } : notFound();
  };

  const updateReply = (
    { url, json }: Req & { json: unknown },
    name: string,
    access: (location: string) => Reply | null,
  ): Reply => {
    const unknown = unknownParam(url.searchParams, STANDARD_SET);
    if (unknown) return unknownQueryParameter(unknown);
    const refused = access(locationOfReview(name));
    if (refused) return refused;
    const review = reviewOf(name);
    if (!review) return notFound();
    const body = (json ?? {}) as Record<string, unknown>;
    const extra = Object.keys(body).find((k) => k !== "comment");
    if (extra) return badPayload(`Invalid JSON payload received. Unknown name "${extra}": Cannot find field.`);
    if (typeof body.comment !== "string" || body.comment.trim() === "")
      return badPayload("Request contains an invalid argument.");
    const reply = { comment: body.comment, updateTime: new Date().toISOString() };
    review.reviewReply = reply;
    return { status: 200, body: reply };
  };

  let n = 0;
  return {
    reviews,
    listReviews,
    getReview,
    updateReply,
    addReview: (location: string, review: Partial<FakeReview> & { comment?: string; starRating?: string }) => {
      const reviewId = `r${++n}`;
      const now = new Date().toISOString();
      const full: FakeReview = {
        reviewId,
        reviewer: { displayName: "Reviewer", profilePhotoUrl: "https://lh3.example/r.jpg" },
        starRating: "FIVE",
        createTime: now,
        updateTime: now,
        ...review,
        name: `${location}/reviews/${reviewId}`,
      };
      reviews.set(location, [...(reviews.get(location) ?? []), full]);
      return full;
    },
  };
};
