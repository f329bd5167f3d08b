DROP INDEX IF EXISTS opportunities_org_status_idx;
