-- AlterTable
ALTER TABLE "comments" ADD COLUMN     "private_reply_at" TIMESTAMP(3),
ADD COLUMN     "private_reply_message_id" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "comments_private_reply_message_id_key" ON "comments"("private_reply_message_id");
