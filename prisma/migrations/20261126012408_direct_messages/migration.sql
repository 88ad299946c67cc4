-- CreateEnum
CREATE TYPE "MessageDirection" AS ENUM ('inbound', 'outbound');

-- CreateEnum
CREATE TYPE "MessageStatus" AS ENUM ('received', 'pending', 'published', 'failed_waiting_for_retry', 'failed', 'delivery_unconfirmed');

-- CreateTable
CREATE TABLE "chats" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "profile_group_id" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "platform" "Platform" NOT NULL,
    "participant_external_id" TEXT NOT NULL,
    "participant_username" TEXT,
    "participant_name" TEXT,
    "participant_avatar_url" TEXT,
    "external_conversation_id" TEXT,
    "external_placement_id" TEXT,
    "placement_key" TEXT NOT NULL DEFAULT '',
    "group" BOOLEAN NOT NULL DEFAULT false,
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "last_inbound_at" TIMESTAMP(3),
    "last_outbound_at" TIMESTAMP(3),
    "last_message_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "chats_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "messages" (
    "id" TEXT NOT NULL,
    "chat_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "profile_group_id" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "platform" "Platform" NOT NULL,
    "external_id" TEXT,
    "direction" "MessageDirection" NOT NULL,
    "status" "MessageStatus" NOT NULL,
    "body" TEXT,
    "request" JSONB,
    "attachments" JSONB NOT NULL DEFAULT '[]',
    "source" TEXT,
    "tag" TEXT,
    "reply_to_external_id" TEXT,
    "platform_data" JSONB,
    "tapped_action" JSONB,
    "interactive" JSONB,
    "error" TEXT,
    "error_details" JSONB,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "attempted_at" TIMESTAMP(3),
    "sending_since" TIMESTAMP(3),
    "external_posted_at" TIMESTAMP(3),
    "external_delivered_at" TIMESTAMP(3),
    "external_read_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "chats_profile_id_last_message_at_idx" ON "chats"("profile_id", "last_message_at");

-- CreateIndex
CREATE INDEX "chats_account_id_environment_external_conversation_id_idx" ON "chats"("account_id", "environment", "external_conversation_id");

-- CreateIndex
CREATE UNIQUE INDEX "chats_profile_id_placement_key_participant_external_id_key" ON "chats"("profile_id", "placement_key", "participant_external_id");

-- CreateIndex
CREATE INDEX "messages_chat_id_created_at_idx" ON "messages"("chat_id", "created_at");

-- CreateIndex
CREATE INDEX "messages_profile_id_external_id_idx" ON "messages"("profile_id", "external_id");

-- CreateIndex
CREATE UNIQUE INDEX "messages_chat_id_external_id_key" ON "messages"("chat_id", "external_id");

-- AddForeignKey
ALTER TABLE "chats" ADD CONSTRAINT "chats_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_chat_id_fkey" FOREIGN KEY ("chat_id") REFERENCES "chats"("id") ON DELETE CASCADE ON UPDATE CASCADE;
