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
// and two support conversations answered by the admin (one in each language). The last
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
