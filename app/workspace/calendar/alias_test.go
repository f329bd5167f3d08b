package calendar

import "gerege/db"

type (
	dbHost      = db.BookingHost
	dbHours     = db.BookingHours
	dbException = db.BookingException
	dbBooking   = db.Booking
)
