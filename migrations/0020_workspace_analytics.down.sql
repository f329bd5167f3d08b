DROP INDEX IF EXISTS submissions_created_idx;
DROP INDEX IF EXISTS applications_created_idx;
DROP INDEX IF EXISTS opportunities_first_published_idx;
DROP INDEX IF EXISTS communities_org_idx;
DROP INDEX IF EXISTS auth_sessions_created_idx;
