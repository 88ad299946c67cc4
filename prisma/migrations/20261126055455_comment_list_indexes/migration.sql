-- CreateIndex
CREATE INDEX "comments_post_id_created_at_idx" ON "comments"("post_id", "created_at");

-- CreateIndex
CREATE INDEX "comments_list_count_idx" ON "comments"("account_id", "environment", "profile_group_id", "profile_id", "platform", "status", "is_hidden", "replied", "platform_post_id");
