DROP INDEX posts_status_published_idx;
DROP TABLE post_covers;
