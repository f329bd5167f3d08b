DROP INDEX IF EXISTS communities_org_idx;
DROP INDEX IF EXISTS auth_sessions_created_idx;
