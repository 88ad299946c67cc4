-- CreateTable
CREATE TABLE "connector_states" (
    "profile_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "connector_states_pkey" PRIMARY KEY ("profile_id","key")
);

-- AddForeignKey
ALTER TABLE "connector_states" ADD CONSTRAINT "connector_states_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;
