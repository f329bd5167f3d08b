package communities

// The communities of the demo: a school's (members only, approval to join), an NGO's and a
// study-abroad community (public, open), each with its forums, and the demo accounts as
// members with their roles.

import (
	"context"
	"time"

	"gerege/db"
)

type demoForum struct {
	slug, nameEn, nameMn, descEn, descMn string
}

type demoCommunity struct {
	slug                   string
	nameEn, nameMn         string
	descEn, descMn         string
	rulesEn, rulesMn       string
	visibility, joinPolicy string
	org                    bool
	forums                 []demoForum
	members                func(p DemoPeople) []demoMember
	createdBy              func(p DemoPeople) int64
	createdAgo             time.Duration
}

type demoMember struct {
	id           int64
	role, status string
}

var demoCommunities = []demoCommunity{
	{
		slug: "steppe-education-center", org: true, visibility: "members", joinPolicy: "approval", createdAgo: 40 * 24 * time.Hour,
		nameEn: "Steppe Education Center", nameMn: "Тал нутгийн боловсролын төв",
		descEn:  "The community of **Steppe Education Center**'s students, teachers and parents: announcements from the school, help with homework and a corner for parents.",
		descMn:  "**Тал нутгийн боловсролын төвийн** сурагч, багш, эцэг эхчүүдийн нийгэмлэг. Сургуулийн мэдэгдэл, гэрийн даалгаврын тусламж, эцэг эхийн булан энд байна.",
		rulesEn: "1. Be kind and respectful to classmates and teachers.\n2. Do not share other people's photos or personal details.\n3. Ask for help with homework, but do not post answers to tests.",
		rulesMn: "1. Ангийнхан, багш нартаа эелдэг, хүндэтгэлтэй хандана уу.\n2. Бусдын зураг, хувийн мэдээллийг бүү түгээнэ үү.\n3. Гэрийн даалгаврын талаар тусламж хүсч болно, харин шалгалтын хариуг бүү нийтэлнэ үү.",
		forums: []demoForum{
			{"announcements", "Announcements", "Мэдэгдэл", "News and dates from the school office.", "Сургуулийн захиргааны мэдээ, чухал огноо."},
			{"homework-help", "Homework help", "Гэрийн даалгаврын тусламж", "Stuck on a problem? Ask here.", "Бодлого дээрээ гацсан уу? Эндээс асуугаарай."},
			{"parents", "Parents' corner", "Эцэг эхийн булан", "Questions and ideas from parents.", "Эцэг эхчүүдийн асуулт, санал."},
		},
		createdBy: func(p DemoPeople) int64 { return p.Owner },
		members: func(p DemoPeople) []demoMember {
			out := []demoMember{{p.Owner, "admin", "active"}}
			if len(p.Others) > 1 {
				out = append(out, demoMember{p.Others[0], "member", "active"}, demoMember{p.Others[1], "member", "pending"})
			}
			return out
		},
	},
	{
		slug: "green-steppe-volunteers", visibility: "public", joinPolicy: "open", createdAgo: 30 * 24 * time.Hour,
		nameEn: "Green Steppe Volunteers", nameMn: "Ногоон тал сайн дурынхан",
		descEn:  "An NGO community for young volunteers: tree planting, clean-up days in Ulaanbaatar and the countryside, and ideas for new projects.",
		descMn:  "Залуу сайн дурынхны төрийн бус байгууллагын нийгэмлэг. Мод тарих, Улаанбаатар болон хөдөө орон нутагт цэвэрлэгээ хийх өдрүүд, шинэ төслийн санаагаа энд хуваалцаарай.",
		rulesEn: "1. Stay on topic: volunteering and the environment.\n2. No advertising.\n3. Events you post must say where, when and who to contact.",
		rulesMn: "1. Сайн дурын ажил, байгаль орчны сэдвээс бүү хазайгаарай.\n2. Зар сурталчилгаа хориотой.\n3. Арга хэмжээ нийтлэхдээ хаана, хэзээ болох, хэнтэй холбогдохыг заавал бичнэ үү.",
		forums: []demoForum{
			{"activities", "Events", "Арга хэмжээ", "Clean-up days, tree planting and meetings.", "Цэвэрлэгээ, мод тарилт, уулзалтууд."},
			{"ideas", "Ideas", "Санал санаачилга", "Propose a project and find people to do it with.", "Төслийн санаагаа дэвшүүлж, хамт хийх хүмүүсээ олоорой."},
		},
		createdBy: func(p DemoPeople) int64 { return p.Admin },
		members: func(p DemoPeople) []demoMember {
			out := []demoMember{{p.Admin, "admin", "active"}}
			if len(p.Others) > 2 {
				out = append(out, demoMember{p.Others[0], "moderator", "active"}, demoMember{p.Others[2], "member", "active"})
			}
			return out
		},
	},
	{
		slug: "study-abroad", visibility: "public", joinPolicy: "open", createdAgo: 20 * 24 * time.Hour,
		nameEn: "Study Abroad", nameMn: "Гадаадад суралцах",
		descEn:  "For everyone planning to study abroad: scholarships, visas and documents, and what life is like once you get there — from people who have done it.",
		descMn:  "Гадаадад суралцахаар төлөвлөж буй бүх хүнд зориулав. Тэтгэлэг, виз болон бичиг баримт, очсоны дараах амьдралын талаар туршлагатай хүмүүсээс асуугаарай.",
		rulesEn: "1. Share sources for facts about scholarships and visas.\n2. Never post your passport or ID number.\n3. Agencies may answer questions but not advertise.",
		rulesMn: "1. Тэтгэлэг, визний талаарх мэдээллээ эх сурвалжтай нь хуваалцана уу.\n2. Паспорт, иргэний үнэмлэхийн дугаараа хэзээ ч бүү нийтэлнэ үү.\n3. Агентлагууд асуултад хариулж болох ч зар сурталчилгаа хийхийг хориглоно.",
		forums: []demoForum{
			{"scholarships", "Scholarships", "Тэтгэлэг", "Programmes, deadlines and how to apply.", "Хөтөлбөр, эцсийн хугацаа, хэрхэн бүртгүүлэх вэ."},
			{"visas", "Visas and documents", "Виз, бичиг баримт", "Student visas, translations and apostilles.", "Оюутны виз, орчуулга, апостиль."},
			{"life-abroad", "Life abroad", "Гадаад дахь амьдрал", "Housing, part-time work and staying in touch with home.", "Байр, цагийн ажил, гэр бүлтэйгээ холбоотой байх."},
		},
		createdBy: func(p DemoPeople) int64 { return p.Admin },
		members: func(p DemoPeople) []demoMember {
			out := []demoMember{{p.Admin, "admin", "active"}, {p.Student, "moderator", "active"}}
			if len(p.Others) > 3 {
				out = append(out, demoMember{p.Others[1], "member", "active"}, demoMember{p.Others[3], "member", "active"})
			}
			return out
		},
	},
}

// seedCommunitiesDemo adds the demo's communities and fills w.communities (by slug) and
// w.forums (by "community/forum") for the parts after it.
func seedCommunitiesDemo(ctx context.Context, tx *db.Store, w *demoWorld) error {
	h := &Handlers{Now: func() time.Time { return w.now }}
	handled := map[int64]bool{}
	for _, d := range demoCommunities {
		at := w.now.Add(-d.createdAgo)
		c := &db.Community{Slug: d.slug, NameEn: d.nameEn, NameMn: d.nameMn, DescriptionEn: d.descEn, DescriptionMn: d.descMn,
			RulesEn: d.rulesEn, RulesMn: d.rulesMn, Visibility: d.visibility, JoinPolicy: d.joinPolicy, Status: "active",
			AutoHide: 3, CreatedBy: d.createdBy(w.people)}
		if d.org {
			c.OrganizationID = w.people.OrgID
		}
		id, err := tx.CreateCommunity(ctx, c, at)
		if err != nil {
			return err
		}
		c.ID = id
		w.communities[d.slug] = id
		if err := tx.IndexCommunity(ctx, id, searchDoc(c)); err != nil {
			return err
		}
		for i, f := range d.forums {
			fid, err := tx.CreateForum(ctx, &db.Forum{CommunityID: id, Slug: f.slug, NameEn: f.nameEn, NameMn: f.nameMn,
				DescriptionEn: f.descEn, DescriptionMn: f.descMn}, at.Add(time.Duration(i)*time.Minute))
			if err != nil {
				return err
			}
			w.forums[d.slug+"/"+f.slug] = fid
		}
		for i, m := range d.members(w.people) {
			if m.id == 0 {
				continue
			}
			if err := tx.PutMember(ctx, id, m.id, m.role, m.status, at.Add(time.Duration(i+1)*time.Hour)); err != nil {
				return err
			}
			if !handled[m.id] {
				handled[m.id] = true
				u, err := tx.UserByID(ctx, m.id)
				if err != nil {
					return err
				}
				if _, err := h.ensureProfile(ctx, tx, u); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
