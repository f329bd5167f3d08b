DROP TABLE community_event_log;
DROP TABLE community_event_rsvps;
DROP TABLE community_events;
