-- CreateEnum
CREATE TYPE "WebhookDispatchStatus" AS ENUM ('pending', 'delivered', 'failed');

-- CreateEnum
CREATE TYPE "JobRunStatus" AS ENUM ('queued', 'running', 'completed', 'failed', 'cancelled');

-- CreateTable
CREATE TABLE "events" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "profile_group_id" TEXT,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fanned_out_at" TIMESTAMP(3),

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhooks" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "profile_group_id" TEXT,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "description" TEXT NOT NULL DEFAULT '',
    "secret" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_dispatches" (
    "id" TEXT NOT NULL,
    "webhook_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "status" "WebhookDispatchStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "webhook_dispatches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "webhook_id" TEXT NOT NULL,
    "dispatch_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "attempt_number" INTEGER NOT NULL,
    "response_status" INTEGER,
    "success" BOOLEAN NOT NULL,
    "error" TEXT,
    "duration_ms" INTEGER NOT NULL,
    "attempted_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_runs" (
    "id" TEXT NOT NULL,
    "function_id" TEXT NOT NULL,
    "event" JSONB NOT NULL,
    "steps" JSONB NOT NULL DEFAULT '{}',
    "status" "JobRunStatus" NOT NULL DEFAULT 'queued',
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL,
    "wake_at" TIMESTAMP(3) NOT NULL,
    "concurrency_key" TEXT,
    "locked_by" TEXT,
    "locked_until" TIMESTAMP(3),
    "output" JSONB,
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "job_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_crons" (
    "function_id" TEXT NOT NULL,
    "schedule" TEXT NOT NULL,
    "next_run_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "job_crons_pkey" PRIMARY KEY ("function_id")
);

-- CreateIndex
CREATE INDEX "events_account_id_environment_created_at_idx" ON "events"("account_id", "environment", "created_at");

-- CreateIndex
CREATE INDEX "events_fanned_out_at_created_at_idx" ON "events"("fanned_out_at", "created_at");

-- CreateIndex
CREATE INDEX "webhooks_account_id_environment_idx" ON "webhooks"("account_id", "environment");

-- CreateIndex
CREATE INDEX "webhook_dispatches_status_next_attempt_at_idx" ON "webhook_dispatches"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_dispatches_webhook_id_event_id_key" ON "webhook_dispatches"("webhook_id", "event_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_created_at_idx" ON "webhook_deliveries"("webhook_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_dispatch_id_attempt_number_key" ON "webhook_deliveries"("dispatch_id", "attempt_number");

-- CreateIndex
CREATE INDEX "job_runs_status_wake_at_idx" ON "job_runs"("status", "wake_at");

-- CreateIndex
CREATE INDEX "job_runs_function_id_concurrency_key_status_idx" ON "job_runs"("function_id", "concurrency_key", "status");

-- AddForeignKey
ALTER TABLE "events" ADD CONSTRAINT "events_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_profile_group_id_fkey" FOREIGN KEY ("profile_group_id") REFERENCES "profile_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_dispatches" ADD CONSTRAINT "webhook_dispatches_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_dispatches" ADD CONSTRAINT "webhook_dispatches_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_dispatch_id_fkey" FOREIGN KEY ("dispatch_id") REFERENCES "webhook_dispatches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
