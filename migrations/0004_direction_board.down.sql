DROP TABLE db_answers;
DROP TABLE db_attempts;
