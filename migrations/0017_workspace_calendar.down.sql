DROP TABLE calendar_invites;
DROP TABLE calendar_feeds;
DROP TABLE calendar_events;
DROP TABLE bookings;
DROP TABLE booking_exceptions;
DROP TABLE booking_hours;
DROP TABLE booking_hosts;
