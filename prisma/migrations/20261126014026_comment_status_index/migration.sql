-- CreateIndex
CREATE INDEX "comments_status_updated_at_idx" ON "comments"("status", "updated_at");
