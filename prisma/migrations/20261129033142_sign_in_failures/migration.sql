-- AlterTable
ALTER TABLE "users" ADD COLUMN     "failed_sign_in_addresses" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "failed_sign_ins" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "sign_in_failures" (
    "id" BIGSERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "address_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sign_in_failures_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sign_in_failures_user_id_idx" ON "sign_in_failures"("user_id");

-- CreateIndex
CREATE INDEX "sign_in_failures_created_at_idx" ON "sign_in_failures"("created_at");

-- AddForeignKey
ALTER TABLE "sign_in_failures" ADD CONSTRAINT "sign_in_failures_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
