-- DropIndex
DROP INDEX "profiles_profile_group_id_platform_key";

-- AlterTable
ALTER TABLE "profiles" ADD COLUMN     "account_key" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE UNIQUE INDEX "profiles_profile_group_id_platform_account_key_key" ON "profiles"("profile_group_id", "platform", "account_key");

-- WhatsApp profiles connected before: their business account is their key.
UPDATE "profiles" SET "account_key" = "external_id" WHERE "platform" = 'whatsapp' AND "external_id" IS NOT NULL;
