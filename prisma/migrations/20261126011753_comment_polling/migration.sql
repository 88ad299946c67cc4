-- AlterTable
ALTER TABLE "comments" ADD COLUMN     "placement_id" TEXT,
ALTER COLUMN "post_id" DROP NOT NULL,
ALTER COLUMN "root_post_id" DROP NOT NULL,
ALTER COLUMN "platform_post_id" DROP NOT NULL;

-- AlterTable
ALTER TABLE "platform_posts" ADD COLUMN     "comments_synced_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "comment_syncs" (
    "profile_id" TEXT NOT NULL,
    "profile_comments_synced_at" TIMESTAMP(3),
    "profile_sync_requested_at" TIMESTAMP(3),
    "backoff_until" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "comment_syncs_pkey" PRIMARY KEY ("profile_id")
);

-- CreateIndex
CREATE INDEX "comments_profile_id_placement_id_created_at_idx" ON "comments"("profile_id", "placement_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "comments_profile_id_placement_id_external_id_key" ON "comments"("profile_id", "placement_id", "external_id");

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comment_syncs" ADD CONSTRAINT "comment_syncs_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;
