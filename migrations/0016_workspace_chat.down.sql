DROP TABLE chat_events;
DROP TABLE chat_messages;
DROP TABLE chat_members;
DROP TABLE chat_conversations;
