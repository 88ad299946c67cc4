-- CreateIndex
CREATE INDEX "comments_thread_idx" ON "comments"("root_post_id", "profile_id", "root_external_id", "created_at");
