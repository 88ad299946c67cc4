-- AlterTable
ALTER TABLE "profiles" ADD COLUMN     "access_token" TEXT,
ADD COLUMN     "connected_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "credentials" TEXT,
ADD COLUMN     "disconnect_reason" TEXT,
ADD COLUMN     "disconnected_at" TIMESTAMP(3),
ADD COLUMN     "metadata" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "refresh_token" TEXT,
ADD COLUMN     "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "token_expires_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "placements" (
    "id" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "external_id" TEXT,
    "name" TEXT NOT NULL,
    "avatar_url" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "access_token" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "synced_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "placements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connection_attempts" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "profile_group_id" TEXT NOT NULL,
    "platform" "Platform" NOT NULL,
    "redirect_url" TEXT NOT NULL,
    "code_verifier" TEXT,
    "options" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),

    CONSTRAINT "connection_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "placements_profile_id_external_id_key" ON "placements"("profile_id", "external_id");

-- CreateIndex
CREATE INDEX "connection_attempts_expires_at_idx" ON "connection_attempts"("expires_at");

-- CreateIndex
CREATE INDEX "profiles_status_token_expires_at_idx" ON "profiles"("status", "token_expires_at");

-- AddForeignKey
ALTER TABLE "placements" ADD CONSTRAINT "placements_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;
