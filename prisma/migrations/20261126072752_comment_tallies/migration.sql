-- DropIndex
DROP INDEX "comments_list_count_idx";

-- CreateTable
CREATE TABLE "comment_tallies" (
    "id" BIGSERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "profile_group_id" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "platform" "Platform" NOT NULL,
    "status" "CommentStatus" NOT NULL,
    "is_hidden" BOOLEAN NOT NULL,
    "replied" BOOLEAN NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "comment_tallies_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "comment_tallies_account_id_environment_profile_group_id_pro_idx" ON "comment_tallies"("account_id", "environment", "profile_group_id", "profile_id", "platform", "status", "is_hidden", "replied", "count");

-- Signed deltas per scope and filter value for post comments, one statement's rows at a time (transition
-- tables), so a bulk insert adds one row per key and an update that changes no counted column adds none.
CREATE FUNCTION "comment_tallies_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "comment_tallies" ("account_id", "environment", "profile_group_id", "profile_id", "platform", "status", "is_hidden", "replied", "count")
    SELECT "account_id", "environment", "profile_group_id", "profile_id", "platform", "status", "is_hidden", "replied", count(*)::int
    FROM new_rows WHERE "platform_post_id" IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "comment_tallies" ("account_id", "environment", "profile_group_id", "profile_id", "platform", "status", "is_hidden", "replied", "count")
    SELECT "account_id", "environment", "profile_group_id", "profile_id", "platform", "status", "is_hidden", "replied", -count(*)::int
    FROM old_rows WHERE "platform_post_id" IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  ELSE
    INSERT INTO "comment_tallies" ("account_id", "environment", "profile_group_id", "profile_id", "platform", "status", "is_hidden", "replied", "count")
    SELECT "account_id", "environment", "profile_group_id", "profile_id", "platform", "status", "is_hidden", "replied", sum("delta")::int
    FROM (
      SELECT "account_id", "environment", "profile_group_id", "profile_id", "platform", "status", "is_hidden", "replied", 1 AS "delta"
      FROM new_rows WHERE "platform_post_id" IS NOT NULL
      UNION ALL
      SELECT "account_id", "environment", "profile_group_id", "profile_id", "platform", "status", "is_hidden", "replied", -1
      FROM old_rows WHERE "platform_post_id" IS NOT NULL
    ) AS "changes"
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING sum("delta") <> 0;
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION "comment_tallies_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "comment_tallies";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "comments_tally_insert" AFTER INSERT ON "comments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "comment_tallies_record"();
CREATE TRIGGER "comments_tally_update" AFTER UPDATE ON "comments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "comment_tallies_record"();
CREATE TRIGGER "comments_tally_delete" AFTER DELETE ON "comments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "comment_tallies_record"();
CREATE TRIGGER "comments_tally_truncate" AFTER TRUNCATE ON "comments"
  FOR EACH STATEMENT EXECUTE FUNCTION "comment_tallies_clear"();

-- The comments already stored.
INSERT INTO "comment_tallies" ("account_id", "environment", "profile_group_id", "profile_id", "platform", "status", "is_hidden", "replied", "count")
SELECT "account_id", "environment", "profile_group_id", "profile_id", "platform", "status", "is_hidden", "replied", count(*)::int
FROM "comments" WHERE "platform_post_id" IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
