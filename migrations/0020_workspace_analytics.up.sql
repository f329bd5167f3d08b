-- Analytics (/dashboard/analytics): active people per day read a range of sign-ins (sessions'
-- creation). Sign-ups per day use users_created_idx (0018).
CREATE INDEX auth_sessions_created_idx ON auth_sessions (created_at, user_id);
-- The organisation's communities (their subscribers, the reports about them).
CREATE INDEX communities_org_idx ON communities (organization_id) WHERE organization_id IS NOT NULL;
-- The platform's monthly series: postings by publication, applications, forms received.
CREATE INDEX opportunities_first_published_idx ON opportunities (published_at) WHERE published_at IS NOT NULL;
CREATE INDEX applications_created_idx ON applications (created_at);
CREATE INDEX submissions_created_idx ON submissions (created_at);
