DROP TABLE form_drafts;
DROP TABLE idempotency_keys;
DROP TABLE form_sequences;
DROP TABLE deletion_requests;
DROP TABLE submission_deletions;
DROP TABLE submission_events;
DROP TABLE submissions_search;
DROP TABLE submissions;
ALTER TABLE users DROP COLUMN staff;
