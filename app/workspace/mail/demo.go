package mail

import (
	"context"
	"gerege/app/platform/authz"
	"time"

	"gerege/db"
)

// demoLetter is one letter of a demo thread: who writes (0 the first person, 1 the second)
// and what.
type demoLetter struct {
	from int
	body string
}

// demoThread is a demo conversation by mail and the labels each side puts on it.
type demoThread struct {
	a, b     string // emails
	subject  string
	letters  []demoLetter
	labelsA  []string
	labelsB  []string
	starA    bool
	archiveB bool
	added    string // the email of someone the thread's last letter adds to it
}

// SeedDemo adds the demo's mail, in both languages: the student and the organisation's
// owner (Mongolian), the owner and a manager and an English-speaking counselor of the
// organisation, the admin's welcome letters, and a letter from the platform; with labels
// ("Өргөдөл", "Applicants", "Team"…), a star and an archived thread, and a thread the
// counselor left. The newest letter of each other thread waits unread for its recipient. Demo accounts that are missing are skipped.
func SeedDemo(ctx context.Context, store *db.Store, now time.Time) error {
	users := map[string]*db.User{}
	for _, e := range []string{"student@demo.gerege.mn", "owner@demo.gerege.mn", "admin@demo.gerege.mn", "manager@demo.gerege.mn",
		"sarah.counselor@demo.gerege.mn", "applicant3@demo.gerege.mn"} {
		u, err := store.UserByEmail(ctx, e)
		if db.IsNotFound(err) {
			continue
		}
		if err != nil {
			return err
		}
		users[e] = u
	}
	threads := []demoThread{
		{a: "student@demo.gerege.mn", b: "owner@demo.gerege.mn", subject: "Дадлагын өргөдлийн бичиг баримт",
			letters: []demoLetter{
				{0, "Сайн байна уу?\n\nТанай төвийн зуны дадлагад өргөдөл гаргасан. Өргөдөлдөө ямар бичиг баримт хавсаргах шаардлагатай вэ?\n\nХүндэтгэсэн,\nТэмүүлэн"},
				{1, "Сайн байна уу, Тэмүүлэн!\n\nСурлагын дүнгийн хуудас, товч намтар болон зөвлөх багшийн тодорхойлолтоо илгээнэ үү. Баримтуудаа энэ зурваст хариу бичиж хавсаргаж болно."},
			}, labelsA: []string{"Өргөдөл"}, labelsB: []string{"Applicants"}, starA: true},
		{a: "owner@demo.gerege.mn", b: "manager@demo.gerege.mn", subject: "Ирэх долоо хоногийн ярилцлагууд",
			letters: []demoLetter{
				{0, "Номин оо,\n\nИрэх долоо хоногт дадлагын гурван ярилцлага төлөвлөсөн. Хуанлидаа цаг гаргаж өгнө үү."},
				{1, "Ойлголоо. Мягмар, Пүрэв гарагт би чөлөөтэй байна."},
				{0, "Сараг нэмлээ: англи хэлээр хийх ярилцлагад туслана.\n\nI added Sarah: she will join the interview in English on Thursday."},
			}, labelsA: []string{"Team"}, labelsB: []string{"Ярилцлага"}, added: "sarah.counselor@demo.gerege.mn"},
		{a: "owner@demo.gerege.mn", b: "sarah.counselor@demo.gerege.mn", subject: "Exchange program information session",
			letters: []demoLetter{
				{0, "Hi Sarah,\n\nCould you prepare a short presentation on the exchange program for Friday's information session? Twenty minutes is enough."},
				{1, "Hi Oyunaa,\n\nSure, I will send you the slides by Thursday evening."},
			}, labelsA: []string{"Team"}, archiveB: true},
		{a: "admin@demo.gerege.mn", b: "student@demo.gerege.mn", subject: "Gerege-д тавтай морил",
			letters: []demoLetter{
				{0, "Сайн байна уу, Тэмүүлэн!\n\nЭнэ бол таны шуудангийн хайрцаг. Байгууллагууд, зөвлөхүүд, нийгэмлэгийн гишүүдтэйгээ зурвас солилцож, шошгоор ангилж, хайж болно. Асуух зүйл байвал энд хариу бичээрэй."},
			}, labelsB: []string{"Gerege"}},
		{a: "admin@demo.gerege.mn", b: "applicant3@demo.gerege.mn", subject: "Welcome to Gerege",
			letters: []demoLetter{
				{0, "Hello Min-ji,\n\nThis is your mailbox: write to the organizations you applied to, keep letters in folders and labels, and find them again with search. Reply here if you have any questions."},
			}},
	}
	// The student writes to the staff of an organisation they applied to: the owner's when
	// they applied there, else the first staff member the chat's rule lets them write to.
	if st, ow := users["student@demo.gerege.mn"], users["owner@demo.gerege.mn"]; st != nil && ow != nil {
		if why, err := authz.MayTalk(ctx, store, st, ow); err != nil {
			return err
		} else if why == "" {
			list, err := store.ChatContacts(ctx, st.ID, 0, false, "", 50)
			if err != nil {
				return err
			}
			threads[0].b = ""
			for _, c := range list {
				if c.Why == "staff" {
					u, err := store.UserByID(ctx, c.UserID)
					if err != nil {
						return err
					}
					users[u.Email], threads[0].b = u, u.Email
					break
				}
			}
		}
	}
	start := now.Add(-50 * time.Hour)
	labels := map[string]int64{} // owner id and name → label id
	label := func(owner *db.User, name string) (int64, error) {
		key := db.MailLabelBox(owner.ID) + name
		if id, ok := labels[key]; ok {
			return id, nil
		}
		id, err := store.CreateMailLabel(ctx, owner.ID, name, start)
		labels[key] = id
		return id, err
	}
	for ti, t := range threads {
		a, b := users[t.a], users[t.b]
		if a == nil || b == nil {
			continue
		}
		at := start.Add(time.Duration(ti) * 3 * time.Hour)
		var thread int64
		for i, l := range t.letters {
			from, to := a, b
			if l.from == 1 {
				from, to = b, a
			}
			at = at.Add(time.Duration(40+i*95) * time.Minute)
			recipients, add := []int64{to.ID}, []int64(nil)
			if c := users[t.added]; c != nil && i == len(t.letters)-1 && thread != 0 {
				recipients, add = append(recipients, c.ID), []int64{c.ID}
			}
			err := store.InTx(ctx, func(tx *db.Store) error {
				sent, err := tx.SendMail(ctx, db.MailOutgoing{ThreadID: thread, SenderID: from.ID, SenderName: name(from),
					Recipients: recipients, Add: add, Subject: t.subject, Body: l.body}, at)
				thread = sent.ThreadID
				return err
			})
			if err != nil {
				return err
			}
		}
		// Everything but the newest letter has been read by its recipient.
		last := t.letters[len(t.letters)-1].from
		for side, u := range []*db.User{a, b} {
			if side != 1-last && len(t.letters) > 0 {
				if _, _, err := store.MailModify(ctx, u.ID, []int64{thread}, "read", 0, at); err != nil {
					return err
				}
			}
		}
		for side, names := range [][]string{t.labelsA, t.labelsB} {
			owner := []*db.User{a, b}[side]
			for _, n := range names {
				id, err := label(owner, n)
				if err != nil {
					return err
				}
				if _, _, err := store.MailModify(ctx, owner.ID, []int64{thread}, "label", id, at); err != nil {
					return err
				}
			}
		}
		if t.starA {
			if _, _, err := store.MailModify(ctx, a.ID, []int64{thread}, "star", 0, at); err != nil {
				return err
			}
		}
		if t.archiveB {
			if _, _, err := store.MailModify(ctx, b.ID, []int64{thread}, "archive", 0, at); err != nil {
				return err
			}
		}
	}
	// Three people of the organisation plan a fair stand (both languages); the counselor has
	// no part in it and leaves the conversation, so its line shows in the thread. Everything
	// is read (the demo's unread counts stay as they were).
	if ow, mg, sa := users["owner@demo.gerege.mn"], users["manager@demo.gerege.mn"], users["sarah.counselor@demo.gerege.mn"]; ow != nil && mg != nil && sa != nil {
		at := start.Add(20 * time.Hour)
		var thread int64
		for i, l := range []struct {
			from *db.User
			body string
		}{
			{ow, "Намрын үзэсгэлэнд манай байгууллага лангуу гаргана. Хэн туслах боломжтой вэ?\n\nWe will have a stand at the autumn fair. Who can help?"},
			{mg, "Би баасан гарагт лангуун дээр байж чадна.\n\nI can staff the stand on Friday."},
		} {
			at = at.Add(time.Duration(30+i*60) * time.Minute)
			err := store.InTx(ctx, func(tx *db.Store) error {
				to := []int64{mg.ID, sa.ID}
				if l.from == mg {
					to = []int64{ow.ID, sa.ID}
				}
				sent, err := tx.SendMail(ctx, db.MailOutgoing{ThreadID: thread, SenderID: l.from.ID, SenderName: name(l.from), Recipients: to,
					Subject: "Намрын үзэсгэлэн · Autumn fair", Body: l.body}, at)
				thread = sent.ThreadID
				return err
			})
			if err != nil {
				return err
			}
		}
		if _, err := store.LeaveMailThread(ctx, thread, sa.ID, sa.ID, at.Add(20*time.Minute)); err != nil {
			return err
		}
		for _, u := range []*db.User{ow, mg, sa} {
			if _, _, err := store.MailModify(ctx, u.ID, []int64{thread}, "read", 0, at); err != nil {
				return err
			}
		}
	}
	// A letter from the platform, in each language.
	for _, l := range []struct {
		email, subject, body string
	}{
		{"owner@demo.gerege.mn", "Your organization's mailbox is ready",
			"Letters from applicants, your staff and Gerege arrive here. Label them (\"Applicants\", \"Team\") to find them again, and choose on the notification settings whether a copy also goes to your email."},
		{"student@demo.gerege.mn", "Таны шуудангийн хайрцаг бэлэн боллоо",
			"Өргөдлийн шинэчлэл, мэдэгдэл болон байгууллагуудын зурвас энд ирнэ. Хуулбарыг имэйлээрээ авахыг хүсвэл мэдэгдлийн тохиргооноос сонгоно уу."},
	} {
		u := users[l.email]
		if u == nil {
			continue
		}
		err := store.InTx(ctx, func(tx *db.Store) error {
			_, err := Deliver(ctx, tx, Letter{UserID: u.ID, Subject: l.subject, Body: l.body, Link: "/dashboard/notifications", At: start})
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}
