DROP INDEX IF EXISTS auth_sessions_created_idx;
