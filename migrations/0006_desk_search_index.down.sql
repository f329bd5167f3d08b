CREATE INDEX submissions_form_created_idx ON submissions (form, created_at, id);
DROP INDEX submissions_form_created_search_idx;
CREATE INDEX submissions_form_status_idx ON submissions (form, status, created_at, id);
DROP INDEX submissions_form_status_country_idx;
CREATE INDEX submissions_form_country_idx ON submissions (form, country, created_at, id);
DROP INDEX submissions_form_country_status_idx;
