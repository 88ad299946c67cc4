-- AddForeignKey
ALTER TABLE "posts" ADD CONSTRAINT "posts_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "posts" ADD CONSTRAINT "posts_profile_group_id_fkey" FOREIGN KEY ("profile_group_id") REFERENCES "profile_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "post_queues" ADD CONSTRAINT "post_queues_profile_group_id_fkey" FOREIGN KEY ("profile_group_id") REFERENCES "profile_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;
