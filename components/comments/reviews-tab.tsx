"use client";

import { useState } from "react";
import { LocalTime } from "@/components/posts/local-time";
import { EmptyState } from "@/components/ui/empty-state";
import { InlineStatus } from "@/components/ui/inline-status";
import { Select } from "@/components/ui/select";
import { LoadingRows } from "@/components/ui/spinner";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import { useProfileReviews, type TProfileComment } from "@/lib/query/comments";
import { errorMessage } from "@/lib/query/fetcher";
import type { TInboxProfile } from "./inbox-filters";
import { starRating } from "./star-rating";

// Reviews and recommendations (profile-level comments, GET /api/profiles/:id/comments) of the profiles
// whose network has them, newest first, with star ratings and the replies stored with them. Read-only:
// the API has no endpoint to reply to a review yet (POST /api/profiles/:id/comments).

const Stars = ({ rating }: { rating: number }) => (
  <span
    className="text-amber-500"
    role="img"
    aria-label={`${rating} out of 5 stars`}
    data-testid="review-stars"
    data-rating={rating}
  >
    {"★".repeat(rating)}
    <span className="text-slate-300">{"★".repeat(5 - rating)}</span>
  </span>
);

const Review = ({ review }: { review: TProfileComment }) => {
  const rating = starRating(review.platform_data);
  return (
    <li className="px-4 py-3" data-testid={`review-${review.id}`}>
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <span className="font-medium text-slate-800">{review.author_username ?? "Someone"}</span>
        {rating !== null && <Stars rating={rating} />}
        {review.posted_at && <LocalTime iso={review.posted_at} />}
      </div>
      {review.body && <p className="mt-1 text-sm whitespace-pre-wrap text-slate-900">{review.body}</p>}
      {review.replies.map((r) => (
        <div key={r.id} className="mt-2 ml-6 rounded-lg bg-slate-50 px-3 py-2 text-sm" data-testid="review-reply">
          <span className="text-xs font-medium text-slate-600">Reply</span>
          <p className="whitespace-pre-wrap text-slate-900">{r.body}</p>
        </div>
      ))}
    </li>
  );
};

export const ReviewsTab = ({ profiles }: { profiles: TInboxProfile[] }) => {
  const [profileId, setProfileId] = useState<string | null>(profiles[0]?.id ?? null);
  const reviews = useProfileReviews(profileId);
  if (profiles.length === 0) {
    return (
      <EmptyState
        testId="reviews-none"
        title="No profiles with reviews"
        description="Connect a profile whose network has reviews or recommendations."
      />
    );
  }
  return (
    <div className="space-y-3">
      <Select
        aria-label="Reviews of"
        value={profileId ?? ""}
        onChange={(e) => setProfileId(e.target.value)}
        className="max-w-sm"
      >
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({DISPLAY_NAMES[p.platform]})
          </option>
        ))}
      </Select>
      <p className="text-xs text-slate-500" data-testid="reviews-read-only">
        Reviews are read-only here: the API cannot reply to a review yet.
      </p>
      {reviews.isPending ? (
        <LoadingRows label="Loading reviews…" />
      ) : reviews.isError ? (
        <InlineStatus>{errorMessage(reviews.error)}</InlineStatus>
      ) : reviews.data.data.length === 0 ? (
        <EmptyState
          testId="reviews-empty"
          title="No reviews yet"
          description="Reviews are read from the network twice a day."
        />
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
          data-testid="reviews-list"
        >
          {reviews.data.data.map((r) => (
            <Review key={r.id} review={r} />
          ))}
        </ul>
      )}
    </div>
  );
};
