-- AlterTable
ALTER TABLE "post_media" ADD COLUMN     "duration_sec" DOUBLE PRECISION,
ADD COLUMN     "height" INTEGER,
ADD COLUMN     "width" INTEGER;
