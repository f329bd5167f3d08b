-- The calendar shows the program dates of a person's own registrations: find them by person.
CREATE INDEX submissions_user_idx ON submissions (user_id, form, created_at) WHERE user_id IS NOT NULL;
