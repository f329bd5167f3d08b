package communities

import (
	"context"
	"time"

	"gerege/app/platform/markdown"
	"gerege/db"
)

// seedEventsDemo: two upcoming events in both languages — an online information evening of
// Study Abroad (admin@ made it; the demo student, its moderator, is going) and a tree-planting
// day of Green Steppe Volunteers (applicant3 going), both at Ulaanbaatar's hours.
func seedEventsDemo(ctx context.Context, tx *db.Store, w *demoWorld) error {
	ub := w.now.In(ubZone)
	day := func(days, hour int) time.Time {
		return time.Date(ub.Year(), ub.Month(), ub.Day()+days, hour, 0, 0, 0, ubZone).UTC()
	}
	events := []struct {
		community string
		e         db.CommunityEvent
		going     []int64
	}{
		{"study-abroad", db.CommunityEvent{CreatedBy: w.people.Admin,
			TitleEn: "Information evening: studying in Korea", TitleMn: "Солонгост суралцах тухай мэдээллийн үдэш",
			DescriptionEn: "Scholarships, language tests and student visas, with **former exchange students**. Questions welcome.",
			DescriptionMn: "Тэтгэлэг, хэлний шалгалт, оюутны визийн талаар **солилцооны хөтөлбөрт хамрагдаж байсан оюутнууд** ярина. Асуултаа бэлдээрэй.",
			Start:         day(5, 18), End: day(5, 20), OnlineURL: "https://gerege.mn/live/study-abroad", Capacity: 50},
			[]int64{w.people.Student}},
		{"green-steppe-volunteers", db.CommunityEvent{CreatedBy: w.people.Admin,
			TitleEn: "Tree planting at Zaisan", TitleMn: "Зайсанд мод тарих өдөр",
			DescriptionEn: "We plant 300 saplings on the slope above Zaisan. Gloves and water are provided; wear boots.",
			DescriptionMn: "Зайсангийн энгэрт 300 суулгац тарина. Бээлий, ус бэлэн байна. Гутлаа өмсөөд ирээрэй.",
			Start:         day(12, 10), End: day(12, 14), Place: "Зайсан толгойн зогсоол / Zaisan hill parking", Capacity: 40},
			nil},
	}
	if len(w.people.Others) >= 3 {
		events[1].going = []int64{w.people.Others[2]}
	}
	for _, d := range events {
		cid, ok := w.communities[d.community]
		if !ok {
			continue
		}
		e := d.e
		e.CommunityID = cid
		e.HTMLEn, e.HTMLMn = string(markdown.HTML(e.DescriptionEn)), string(markdown.HTML(e.DescriptionMn))
		id, err := tx.CreateCommunityEvent(ctx, &e, w.now)
		if err != nil {
			return err
		}
		if err := tx.LogCommunityEvent(ctx, id, e.CreatedBy, "create", "", w.now); err != nil {
			return err
		}
		for _, u := range d.going {
			if err := tx.SetRSVP(ctx, id, u, "going", w.now); err != nil {
				return err
			}
		}
	}
	return nil
}
