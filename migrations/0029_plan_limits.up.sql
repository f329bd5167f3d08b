-- The plans' limits (app/platform/plans): an organisation's open postings are counted in the
-- transaction of every submission and on its postings page; this index makes it a count over
-- the index alone, however many drafts and closed postings the organisation keeps.
CREATE INDEX opportunities_org_status_idx ON opportunities (organization_id, status);
