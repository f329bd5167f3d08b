ALTER TABLE outbox DROP COLUMN list_unsubscribe;
DROP TABLE notification_prefs;
DROP TABLE notifications;
