package calendar

import (
	"context"
	"fmt"
	"time"

	"gerege/db"
)

// DemoCounselor is the demo's counselor account (password: the demo's).
const DemoCounselor = "counselor@demo.gerege.mn"

// SeedDemo gives the demo a counselor of the owner's organisation with a week of hours
// (weekdays 09:00–12:00 and 14:00–17:00, Ulaanbaatar time, 30-minute appointments, a day off
// next Wednesday and extra hours on Saturday), appointments with the demo students this week
// (one past, recorded as a no-show), and a few events of the student's and the counselor's
// own, in both languages.
func SeedDemo(ctx context.Context, store *db.Store, now time.Time, passwordHash, legalVersion string, orgID int64, students []int64) error {
	if orgID == 0 || len(students) == 0 {
		return fmt.Errorf("calendar demo: an organisation and students are needed")
	}
	u, err := store.CreateUser(ctx, db.NewUser{Email: DemoCounselor, PasswordHash: passwordHash, FirstName: "Сарнай", LastName: "Должин",
		DateOfBirth: "1988-03-08", AccountType: "enterprise", Language: "mn", Verified: true, TermsVersion: legalVersion, PrivacyVersion: legalVersion}, now)
	if err != nil {
		return err
	}
	if err := store.AddCounselorForDemo(ctx, orgID, u.ID, now); err != nil {
		return err
	}
	z := defaultZone
	local := now.In(z)
	today := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, z)
	nextWed := today.AddDate(0, 0, (int(time.Wednesday)-int(today.Weekday())+7)%7+7)
	nextSat := today.AddDate(0, 0, (int(time.Saturday)-int(today.Weekday())+7)%7)
	if nextSat.Equal(today) {
		nextSat = nextSat.AddDate(0, 0, 7)
	}
	host := db.BookingHost{UserID: u.ID, SlotMinutes: 30, BufferMinutes: 0, TimeZone: defaultZoneName, Published: true,
		Exceptions: []db.BookingException{
			{Day: nextWed.Format("2006-01-02"), Kind: "off", StartMin: 0, EndMin: 1440},
			{Day: nextSat.Format("2006-01-02"), Kind: "extra", StartMin: 10 * 60, EndMin: 12 * 60},
		}}
	for d := 1; d <= 5; d++ {
		host.Hours = append(host.Hours, db.BookingHours{Weekday: d, StartMin: 9 * 60, EndMin: 12 * 60},
			db.BookingHours{Weekday: d, StartMin: 14 * 60, EndMin: 17 * 60})
	}
	if err := store.SaveBookingHost(ctx, host, now); err != nil {
		return err
	}
	// Appointments: yesterday's (a no-show), and this week's at 10:00 and 14:30 on the next
	// working days, with the demo's students in turn.
	notes := []string{"Солонгост магистрт суралцах тэтгэлгийн талаар", "CV and cover letter review", "Мэргэжил сонголтын тестийн үр дүн",
		"Visa interview practice", "Гадаадын их сургуульд өргөдөл гаргах"}
	var starts []time.Time
	yesterday := today.AddDate(0, 0, -1)
	for yesterday.Weekday() == time.Saturday || yesterday.Weekday() == time.Sunday {
		yesterday = yesterday.AddDate(0, 0, -1)
	}
	starts = append(starts, yesterday.Add(10*time.Hour))
	for d := 1; len(starts) < 7; d++ {
		day := today.AddDate(0, 0, d)
		if day.Weekday() == time.Saturday || day.Weekday() == time.Sunday || day.Equal(nextWed) {
			continue
		}
		starts = append(starts, day.Add(10*time.Hour), day.Add(14*time.Hour+30*time.Minute))
	}
	for i, start := range starts {
		id, err := store.InsertBooking(ctx, db.Booking{HostID: u.ID, StudentID: students[i%len(students)], Start: start.UTC(),
			End: start.Add(30 * time.Minute).UTC(), Note: notes[i%len(notes)]}, now.Add(-48*time.Hour))
		if err != nil {
			return err
		}
		if i == 0 {
			if err := store.SetBookingStatus(ctx, id, db.BookingNoShow, u.ID, now); err != nil {
				return err
			}
		}
		if start.Sub(now) < RemindBefore {
			if _, err := store.MarkReminded(ctx, id, now); err != nil {
				return err
			}
		}
	}
	// Events of their own.
	events := []struct {
		user        int64
		title, note string
		day, h, len int
	}{
		{students[0], "IELTS шалгалт", "Бүртгэлийн хуудас, иргэний үнэмлэхээ авч очих", 3, 9, 180},
		{students[0], "Study group: statistics", "Library, room 2", 1, 18, 90},
		{students[0], "Их сургуулийн нээлттэй өдөр", "", 6, 11, 240},
		{u.ID, "Team meeting", "Weekly planning", 1, 8, 45},
		{u.ID, "Эцэг эхчүүдтэй уулзалт", "Хурлын танхим", 4, 17, 60},
	}
	for _, e := range events {
		start := today.AddDate(0, 0, e.day).Add(time.Duration(e.h) * time.Hour)
		if _, err := store.InsertCalendarEvent(ctx, db.CalendarEvent{UserID: e.user, Title: e.title, Notes: e.note,
			Start: start.UTC(), End: start.Add(time.Duration(e.len) * time.Minute).UTC()}, now); err != nil {
			return err
		}
	}
	return nil
}
