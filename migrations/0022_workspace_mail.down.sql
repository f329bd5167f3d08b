DROP TABLE mail_search;
DROP TABLE mail_boxes;
DROP TABLE mail_thread_labels;
DROP TABLE mail_labels;
DROP TABLE mail_views;
DROP TABLE mail_attachments;
DROP TABLE mail_messages;
DROP TABLE mail_threads;
