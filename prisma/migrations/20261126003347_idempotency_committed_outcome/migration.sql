-- AlterEnum
ALTER TYPE "IdempotencyState" ADD VALUE 'committed';

-- AlterTable
ALTER TABLE "idempotency_records" ADD COLUMN     "outcome" TEXT;
