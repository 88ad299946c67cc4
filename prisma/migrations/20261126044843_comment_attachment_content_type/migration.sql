-- AlterTable
ALTER TABLE "comment_attachments" ADD COLUMN     "content_type" TEXT,
ADD COLUMN     "error_message" TEXT;
