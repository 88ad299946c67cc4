-- CreateEnum
CREATE TYPE "PostStatus" AS ENUM ('draft', 'pending', 'scheduled', 'processing', 'processed', 'media_processing_failed');

-- CreateEnum
CREATE TYPE "PlatformPostStatus" AS ENUM ('pending', 'processing', 'published', 'failed', 'failed_waiting_for_retry', 'delivery_unconfirmed');

-- CreateEnum
CREATE TYPE "MediaStatus" AS ENUM ('pending', 'processed', 'failed');

-- CreateEnum
CREATE TYPE "QueuePriority" AS ENUM ('high', 'medium', 'low');

-- AlterTable
ALTER TABLE "profiles" ADD COLUMN     "stats_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "posts" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "profile_group_id" TEXT NOT NULL,
    "parent_id" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "body" TEXT NOT NULL,
    "status" "PostStatus" NOT NULL,
    "draft" BOOLEAN NOT NULL DEFAULT false,
    "scheduled_at" TIMESTAMP(3),
    "platforms" JSONB NOT NULL DEFAULT '{}',
    "queue_id" TEXT,
    "queue_priority" "QueuePriority",
    "processed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "posts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "platform_posts" (
    "id" TEXT NOT NULL,
    "post_id" TEXT NOT NULL,
    "root_post_id" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "platform" "Platform" NOT NULL,
    "placement_id" TEXT,
    "status" "PlatformPostStatus" NOT NULL DEFAULT 'pending',
    "params" JSONB,
    "error" TEXT,
    "error_details" JSONB,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "attempted_at" TIMESTAMP(3),
    "sending_since" TIMESTAMP(3),
    "external_id" TEXT,
    "url" TEXT,
    "published_at" TIMESTAMP(3),
    "first_comment_id" TEXT,
    "insights" JSONB,
    "insights_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "platform_posts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "post_media" (
    "id" TEXT NOT NULL,
    "post_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "source_url" TEXT,
    "storage_key" TEXT,
    "content_type" TEXT NOT NULL DEFAULT 'application/octet-stream',
    "size_bytes" INTEGER,
    "status" "MediaStatus" NOT NULL DEFAULT 'pending',
    "error_message" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "post_media_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "post_queues" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "profile_group_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "jitter" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "post_queues_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "queue_timeslots" (
    "id" SERIAL NOT NULL,
    "queue_id" TEXT NOT NULL,
    "day" INTEGER NOT NULL,
    "time" TEXT NOT NULL,

    CONSTRAINT "queue_timeslots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stat_snapshots" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "profile_id" TEXT NOT NULL,
    "placement_id" TEXT,
    "platform_post_id" TEXT,
    "stats" JSONB NOT NULL,
    "raw_stats" JSONB NOT NULL,
    "recorded_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "stat_snapshots_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "posts_account_id_environment_parent_id_created_at_idx" ON "posts"("account_id", "environment", "parent_id", "created_at");

-- CreateIndex
CREATE INDEX "posts_profile_group_id_idx" ON "posts"("profile_group_id");

-- CreateIndex
CREATE INDEX "posts_status_scheduled_at_idx" ON "posts"("status", "scheduled_at");

-- CreateIndex
CREATE INDEX "posts_queue_id_idx" ON "posts"("queue_id");

-- CreateIndex
CREATE INDEX "platform_posts_root_post_id_profile_id_idx" ON "platform_posts"("root_post_id", "profile_id");

-- CreateIndex
CREATE INDEX "platform_posts_profile_id_status_idx" ON "platform_posts"("profile_id", "status");

-- CreateIndex
CREATE INDEX "platform_posts_status_insights_at_idx" ON "platform_posts"("status", "insights_at");

-- CreateIndex
CREATE UNIQUE INDEX "platform_posts_post_id_profile_id_key" ON "platform_posts"("post_id", "profile_id");

-- CreateIndex
CREATE INDEX "post_media_post_id_position_idx" ON "post_media"("post_id", "position");

-- CreateIndex
CREATE INDEX "post_queues_account_id_environment_profile_group_id_idx" ON "post_queues"("account_id", "environment", "profile_group_id");

-- CreateIndex
CREATE UNIQUE INDEX "queue_timeslots_queue_id_day_time_key" ON "queue_timeslots"("queue_id", "day", "time");

-- CreateIndex
CREATE INDEX "stat_snapshots_profile_id_placement_id_recorded_at_idx" ON "stat_snapshots"("profile_id", "placement_id", "recorded_at");

-- CreateIndex
CREATE INDEX "stat_snapshots_platform_post_id_recorded_at_idx" ON "stat_snapshots"("platform_post_id", "recorded_at");

-- AddForeignKey
ALTER TABLE "posts" ADD CONSTRAINT "posts_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "posts" ADD CONSTRAINT "posts_queue_id_fkey" FOREIGN KEY ("queue_id") REFERENCES "post_queues"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "platform_posts" ADD CONSTRAINT "platform_posts_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "platform_posts" ADD CONSTRAINT "platform_posts_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "queue_timeslots" ADD CONSTRAINT "queue_timeslots_queue_id_fkey" FOREIGN KEY ("queue_id") REFERENCES "post_queues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stat_snapshots" ADD CONSTRAINT "stat_snapshots_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;
