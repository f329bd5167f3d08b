DROP TABLE chat_former_members;
DELETE FROM chat_messages WHERE kind != 'text';
ALTER TABLE chat_messages DROP COLUMN subject_id;
ALTER TABLE chat_messages DROP COLUMN kind;
ALTER TABLE chat_conversations DROP COLUMN admin_id;
