-- CreateEnum
CREATE TYPE "OutboxDestination" AS ENUM ('local', 'server');

-- CreateTable
CREATE TABLE "event_outbox" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "event" JSONB NOT NULL,
    "destination" "OutboxDestination" NOT NULL,
    "targets" TEXT[],
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "locked_until" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),

    CONSTRAINT "event_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "event_outbox_destination_sent_at_created_at_idx" ON "event_outbox"("destination", "sent_at", "created_at");
