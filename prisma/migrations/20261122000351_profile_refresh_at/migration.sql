-- DropIndex
DROP INDEX "profiles_status_token_expires_at_idx";

-- AlterTable
ALTER TABLE "profiles" ADD COLUMN     "refresh_at" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "profiles_status_refresh_at_idx" ON "profiles"("status", "refresh_at");
