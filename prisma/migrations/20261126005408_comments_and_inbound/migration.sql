-- CreateEnum
CREATE TYPE "InboundDeliveryStatus" AS ENUM ('received', 'processed', 'failed');

-- CreateEnum
CREATE TYPE "CommentStatus" AS ENUM ('synced', 'pending', 'published', 'failed', 'failed_waiting_for_retry', 'delivery_unconfirmed');

-- CreateTable
CREATE TABLE "inbound_deliveries" (
    "id" TEXT NOT NULL,
    "platform" "Platform" NOT NULL,
    "profile_id" TEXT,
    "content_type" TEXT,
    "payload" TEXT NOT NULL,
    "status" "InboundDeliveryStatus" NOT NULL DEFAULT 'received',
    "result" JSONB,
    "error" TEXT,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMP(3),

    CONSTRAINT "inbound_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "comments" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "profile_group_id" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "platform" "Platform" NOT NULL,
    "post_id" TEXT NOT NULL,
    "root_post_id" TEXT NOT NULL,
    "platform_post_id" TEXT NOT NULL,
    "external_id" TEXT,
    "parent_external_id" TEXT,
    "root_external_id" TEXT,
    "body" TEXT NOT NULL,
    "status" "CommentStatus" NOT NULL,
    "error" TEXT,
    "error_details" JSONB,
    "author_external_id" TEXT,
    "author_username" TEXT,
    "author_name" TEXT,
    "author_avatar_url" TEXT,
    "metadata" JSONB,
    "like_count" INTEGER NOT NULL DEFAULT 0,
    "is_hidden" BOOLEAN NOT NULL DEFAULT false,
    "permalink" TEXT,
    "platform_data" JSONB,
    "posted_at" TIMESTAMP(3),
    "network_changed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "comment_attachments" (
    "id" TEXT NOT NULL,
    "comment_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "external_id" TEXT,
    "source_url" TEXT,
    "storage_key" TEXT,
    "status" "MediaStatus" NOT NULL DEFAULT 'pending',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "comment_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "inbound_deliveries_status_received_at_idx" ON "inbound_deliveries"("status", "received_at");

-- CreateIndex
CREATE INDEX "inbound_deliveries_platform_received_at_idx" ON "inbound_deliveries"("platform", "received_at");

-- CreateIndex
CREATE INDEX "comments_platform_post_id_root_external_id_created_at_idx" ON "comments"("platform_post_id", "root_external_id", "created_at");

-- CreateIndex
CREATE INDEX "comments_account_id_environment_created_at_idx" ON "comments"("account_id", "environment", "created_at");

-- CreateIndex
CREATE INDEX "comments_profile_group_id_created_at_idx" ON "comments"("profile_group_id", "created_at");

-- CreateIndex
CREATE INDEX "comments_root_post_id_created_at_idx" ON "comments"("root_post_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "comments_platform_post_id_external_id_key" ON "comments"("platform_post_id", "external_id");

-- CreateIndex
CREATE UNIQUE INDEX "comment_attachments_comment_id_position_key" ON "comment_attachments"("comment_id", "position");

-- CreateIndex
CREATE INDEX "platform_posts_platform_external_id_idx" ON "platform_posts"("platform", "external_id");

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_platform_post_id_fkey" FOREIGN KEY ("platform_post_id") REFERENCES "platform_posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comment_attachments" ADD CONSTRAINT "comment_attachments_comment_id_fkey" FOREIGN KEY ("comment_id") REFERENCES "comments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
