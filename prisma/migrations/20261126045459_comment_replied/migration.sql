-- AlterTable
ALTER TABLE "comments" ADD COLUMN     "replied" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "comments_profile_group_id_replied_created_at_idx" ON "comments"("profile_group_id", "replied", "created_at");

-- Backfill: a comment is replied when a reply of ours was published under it, or a reply by the
-- profile's own account or page was synced (profile-level comments: every synced reply is the owner's).
UPDATE "comments" AS p SET "replied" = true
WHERE p."external_id" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "comments" r
  JOIN "profiles" pr ON pr."id" = r."profile_id"
  LEFT JOIN "platform_posts" pp ON pp."id" = r."platform_post_id"
  WHERE r."profile_id" = p."profile_id"
    AND r."parent_external_id" = p."external_id"
    AND r."platform_post_id" IS NOT DISTINCT FROM p."platform_post_id"
    AND r."placement_id" IS NOT DISTINCT FROM p."placement_id"
    AND (
      r."status" = 'published'
      OR (r."status" = 'synced' AND (
        r."platform_post_id" IS NULL
        OR r."author_external_id" = pr."external_id"
        OR r."author_external_id" = pp."placement_id"
      ))
    )
);
