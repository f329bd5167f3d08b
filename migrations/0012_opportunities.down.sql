DROP TABLE application_files;
DROP TABLE application_events;
DROP TABLE applications;
DROP TABLE saved_opportunities;
DROP TABLE opportunity_events;
DROP TABLE opportunity_search;
DROP TABLE opportunities;
DROP TABLE org_profiles;
