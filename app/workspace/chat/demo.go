package chat

import (
	"context"
	"fmt"
	"time"

	"gerege/db"
)

// demoLine is one message of a demo conversation: who writes (0 the first member, 1 the
// second) and what.
type demoLine struct {
	from int
	text string
}

// SeedDemo adds the demo's conversations, in both languages: the student with the staff of an
// organization they applied to (Mongolian), another applicant with the same staff (English),
// two support conversations answered by the admin (one in each language), and a group of the
// owner's staff (seedDemoGroup). The last
// message of each waits unread for its recipient, so the home page's widget has a count.
func SeedDemo(ctx context.Context, store *db.Store, now time.Time) error {
	byEmail := func(e string) (*db.User, error) { return store.UserByEmail(ctx, e) }
	student, err := byEmail("student@demo.gerege.mn")
	if err != nil {
		return err
	}
	admin, err := byEmail("admin@demo.gerege.mn")
	if err != nil {
		return err
	}
	applicant, err := byEmail("applicant3@demo.gerege.mn") // Min-ji Kim, who writes in English
	if err != nil {
		return err
	}
	// The staff member: the owner of an organization the student applied to (the demo's own
	// owner when the student applied there).
	owner, err := byEmail("owner@demo.gerege.mn")
	if err != nil {
		return err
	}
	staff := owner
	if ok, err := store.AppliedToOrganization(ctx, student.ID, owner.OrgID); err != nil {
		return err
	} else if !ok {
		list, err := store.ChatContacts(ctx, student.ID, 0, false, "", 50)
		if err != nil {
			return err
		}
		staff = nil
		for _, c := range list {
			if c.Why == "staff" {
				if staff, err = store.UserByID(ctx, c.UserID); err != nil {
					return err
				}
				break
			}
		}
	}
	start := now.Add(-26 * time.Hour)
	type convo struct {
		kind  string
		a, b  *db.User
		lines []demoLine
	}
	convos := []convo{
		{"support", student, admin, []demoLine{
			{0, "Сайн байна уу? Имэйлээр ирэх мэдэгдлийн хэлийг хэрхэн солих вэ?"},
			{1, "Сайн байна уу! «Бүртгэл» хуудасны «Хэл» хэсгээс монгол эсвэл англи хэлийг сонгоно уу. Дараагийн имэйлүүд тухайн хэлээр ирнэ."},
			{0, "Баярлалаа, солилоо."},
		}},
		{"support", applicant, admin, []demoLine{
			{0, "Hello, can I attach a transcript to an application I already sent?"},
			{1, "Hello! An application cannot be changed once sent, but you can send the transcript to the organization here in the chat."},
		}},
	}
	if staff != nil {
		convos = append(convos, convo{"direct", student, staff, []demoLine{
			{0, "Сайн байна уу? Би танай зарласан боломжид өргөдөл гаргасан. Ярилцлагын товыг хэзээ мэдэх вэ?"},
			{1, "Сайн байна уу, Тэмүүлэн! Өргөдлийг тань хүлээн авлаа. Ярилцлагын товыг энэ долоо хоногт мэдэгдэнэ."},
			{0, "Ойлголоо, баярлалаа. Англи хэлний сертификатаа илгээх үү?"},
			{1, "Тийм ээ, PDF хэлбэрээр энд хавсаргаад илгээгээрэй."},
		}})
		if ok, err := store.AppliedToOrganization(ctx, applicant.ID, staff.OrgID); err != nil {
			return err
		} else if ok {
			convos = append(convos, convo{"direct", applicant, staff, []demoLine{
				{0, "Hello, I applied last week. Is the position still open for international students?"},
				{1, "Hello Min-ji, yes it is. We will invite you to an online interview soon."},
			}})
		}
	}
	if err := seedDemoGroup(ctx, store, owner, start.Add(-24*time.Hour)); err != nil {
		return err
	}
	for ci, c := range convos {
		key := fmt.Sprintf("support:%d", c.a.ID)
		members := []db.ChatMemberRole{{UserID: c.a.ID, Role: "member"}, {UserID: c.b.ID, Role: "support"}}
		if c.kind == "direct" {
			key = pairKey(c.a.ID, c.b.ID)
			members[1].Role = "member"
		}
		at := start.Add(time.Duration(ci) * time.Hour)
		id, err := store.CreateChatConversation(ctx, c.kind, "", key, c.a.ID, members, at)
		if err != nil {
			return err
		}
		for i, l := range c.lines {
			from := c.a
			if l.from == 1 {
				from = c.b
			}
			at = at.Add(time.Duration(7+i*3) * time.Minute)
			err := store.InTx(ctx, func(tx *db.Store) error {
				mid, err := tx.InsertChatMessage(ctx, &db.ChatMessage{ConversationID: id, SenderID: from.ID,
					ClientID: fmt.Sprintf("demo-%d-%d", id, i), Body: l.text}, at)
				if err != nil {
					return err
				}
				_, err = tx.AddChatEvent(ctx, id, "message", mid, from.ID, at)
				return err
			})
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// seedDemoGroup: the owner's team, a group the owner runs (its admin) with a manager and two
// counselors, Sarah added a little later (a system line says so); messages in both languages.
// Staff the demo has not created (another seed) are left out; with fewer than two nothing is added.
func seedDemoGroup(ctx context.Context, store *db.Store, owner *db.User, at time.Time) error {
	members := []db.ChatMemberRole{{UserID: owner.ID, Role: "member"}}
	byEmail := map[string]*db.User{}
	for _, e := range []string{"manager@demo.gerege.mn", "ganbat.counselor@demo.gerege.mn", "sarah.counselor@demo.gerege.mn"} {
		u, err := store.UserByEmail(ctx, e)
		if db.IsNotFound(err) {
			continue
		}
		if err != nil {
			return err
		}
		byEmail[e] = u
		if e != "sarah.counselor@demo.gerege.mn" {
			members = append(members, db.ChatMemberRole{UserID: u.ID, Role: "member"})
		}
	}
	if len(members) < 3 {
		return nil
	}
	id, err := store.CreateChatConversation(ctx, "group", "Ажлын баг · Team", "", owner.ID, members, at)
	if err != nil {
		return err
	}
	lines := []struct {
		from string
		text string
	}{
		{"", "Сайн байцгаана уу! Энэ долоо хоногийн ярилцлагын хуваарийг энд ярилцъя."},
		{"ganbat.counselor@demo.gerege.mn", "Би мягмар гарагийн өглөөний ярилцлагуудыг авъя."},
		{"sarah.counselor@demo.gerege.mn", "Hi all, I can take the Thursday afternoon interviews in English."},
		{"manager@demo.gerege.mn", "Баярлалаа. Хуваарийг календарьт оруулчихлаа."},
	}
	return store.InTx(ctx, func(tx *db.Store) error {
		for i, l := range lines {
			at = at.Add(time.Duration(5+i*4) * time.Minute)
			if l.from == "sarah.counselor@demo.gerege.mn" && byEmail[l.from] != nil { // added before she writes
				if err := tx.JoinChatGroup(ctx, id, byEmail[l.from].ID, at); err != nil {
					return err
				}
				sid, err := tx.InsertChatSystemLine(ctx, id, owner.ID, "added", byEmail[l.from].ID, "", at)
				if err != nil {
					return err
				}
				if _, err := tx.AddChatEvent(ctx, id, "message", sid, owner.ID, at); err != nil {
					return err
				}
			}
			from := owner
			if l.from != "" {
				if from = byEmail[l.from]; from == nil {
					continue
				}
			}
			mid, err := tx.InsertChatMessage(ctx, &db.ChatMessage{ConversationID: id, SenderID: from.ID,
				ClientID: fmt.Sprintf("demo-%d-%d", id, i), Body: l.text}, at)
			if err != nil {
				return err
			}
			if _, err := tx.AddChatEvent(ctx, id, "message", mid, from.ID, at); err != nil {
				return err
			}
		}
		return nil
	})
}
