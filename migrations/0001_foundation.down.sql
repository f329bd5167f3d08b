DROP TABLE sessions;
DROP TABLE settings;
