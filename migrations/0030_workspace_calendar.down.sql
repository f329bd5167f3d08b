DROP INDEX IF EXISTS submissions_user_idx;
