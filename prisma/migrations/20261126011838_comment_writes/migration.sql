-- AlterTable
ALTER TABLE "comments" ADD COLUMN     "attempted_at" TIMESTAMP(3),
ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "is_liked" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "is_pinned" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "requested_hidden" BOOLEAN,
ADD COLUMN     "requested_liked" BOOLEAN,
ADD COLUMN     "requested_pinned" BOOLEAN,
ADD COLUMN     "sending_since" TIMESTAMP(3);
