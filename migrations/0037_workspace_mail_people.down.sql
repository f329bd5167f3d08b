DROP TABLE mail_events;
ALTER TABLE mail_views DROP COLUMN until_event;
ALTER TABLE mail_views DROP COLUMN until_message;
ALTER TABLE mail_views DROP COLUMN joined_message;
ALTER TABLE mail_views DROP COLUMN added_by;
