"use client";

import { useState } from "react";
import { cn } from "@/lib/cn";
import type { TInboxFilters } from "@/lib/query/comments";
import { CommentInbox } from "./comment-inbox";
import type { TInboxGroup, TInboxProfile } from "./inbox-filters";
import { ReviewsTab } from "./reviews-tab";

// The inbox page's two tabs: comments on posts, and reviews (profile-level comments).

type Props = {
  groups: TInboxGroup[];
  profiles: TInboxProfile[];
  reviewProfiles: TInboxProfile[];
  initialFilters: TInboxFilters;
};

const TABS = [
  { id: "comments", label: "Comments" },
  { id: "reviews", label: "Reviews" },
] as const;

export const CommentsView = ({ groups, profiles, reviewProfiles, initialFilters }: Props) => {
  const [tab, setTab] = useState<(typeof TABS)[number]["id"]>("comments");
  return (
    <>
      <div role="tablist" aria-label="Inbox" className="mb-4 flex gap-1 border-b border-slate-200">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            onClick={() => setTab(t.id)}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
              tab === t.id
                ? "border-indigo-600 text-indigo-700"
                : "border-transparent text-slate-500 hover:text-slate-800",
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tab === "comments" ? (
        <CommentInbox groups={groups} profiles={profiles} initialFilters={initialFilters} />
      ) : (
        <ReviewsTab profiles={reviewProfiles} />
      )}
    </>
  );
};
