package opportunities

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"gerege/app/platform/search"
	"gerege/db"
)

// demoOrg is an organisation of the demo, verified.
type demoOrg struct {
	owner                 string // email of its owner (created when it is not the demo owner)
	name                  string
	website, email, regNo string
	en, mn                string
	city                  string
}

var demoOrgs = []demoOrg{
	{"owner@demo.gerege.mn", "Steppe Education Center (demo)", "https://steppe-edu.mn", "hr@steppe-edu.mn", "6012345",
		"A study-abroad and career center in Ulaanbaatar that has guided 3,000 students since 2012.",
		"2012 оноос хойш 3 000 гаруй сурагч, оюутанд гадаадад суралцах, мэргэжлээ сонгоход тусалсан Улаанбаатар дахь төв.", "Ulaanbaatar"},
	{"khangai@demo.gerege.mn", "Khangai Mining LLC (demo)", "https://khangai-mining.mn", "careers@khangai-mining.mn", "5098765",
		"A copper and gold mining company in Övörkhangai with 900 employees and a graduate program.",
		"Өвөрхангай аймагт зэс, алт олборлодог, 900 ажилтантай, төгсөгчдийн хөтөлбөртэй компани.", "Arvaikheer"},
	{"bluesky@demo.gerege.mn", "Blue Sky Exchange (demo)", "https://bluesky-exchange.mn", "info@bluesky-exchange.mn", "7011223",
		"Exchange programs, study tours and seasonal work abroad, always without fees for applicants.",
		"Гадаадад солилцооны хөтөлбөр, сургалтын аялал, улирлын ажил зохион байгуулдаг. Өргөдөл гаргагчаас төлбөр авдаггүй.", "Ulaanbaatar"},
}

// demoPosting is one demo opportunity: org is an index of demoOrgs.
type demoPosting struct {
	org              int
	kind, class, emp string
	en, mn           string
	country, city    string
	descEn, descMn   string
	payMin           int64
	currency         string
}

var demoPostings = []demoPosting{
	// Jobs
	{1, "job", "mining_energy", "full_time_permanent", "Mining engineer", "Уул уурхайн инженер", "MN", "Arvaikheer",
		"Plan and supervise open-pit operations with a team of 40.", "40 хүний багтай ил уурхайн үйл ажиллагааг төлөвлөж, хянана.", 4500000, "MNT"},
	{1, "job", "engineering", "full_time_permanent", "Electrical maintenance technician", "Цахилгааны засвар үйлчилгээний техникч", "MN", "Arvaikheer",
		"Keep the plant's power systems running safely.", "Үйлдвэрийн цахилгаан системийг аюулгүй, тасралтгүй ажиллуулна.", 3200000, "MNT"},
	{1, "job", "it", "full_time_permanent", "Software developer (Go)", "Програм хөгжүүлэгч (Go)", "MN", "Ulaanbaatar",
		"Build the systems that track our fleet and our safety records.", "Техникийн парк болон аюулгүй ажиллагааны бүртгэлийн системийг хөгжүүлнэ.", 5000000, "MNT"},
	{1, "job", "finance_accounting", "full_time_permanent", "Accountant", "Нягтлан бодогч", "MN", "Ulaanbaatar",
		"Prepare monthly reports and work with our auditors.", "Сар бүрийн тайлан гаргаж, аудиторуудтай хамтран ажиллана.", 2800000, "MNT"},
	{0, "job", "education", "part_time", "English teacher for teenagers", "Өсвөр насныханд англи хэл заах багш", "MN", "Ulaanbaatar",
		"Teach IELTS preparation classes in the evenings.", "Оройн цагаар IELTS-ийн бэлтгэл ангид хичээл заана.", 25000, "MNT"},
	{0, "job", "administration", "full_time_permanent", "Office coordinator", "Оффисын зохицуулагч", "MN", "Ulaanbaatar",
		"Welcome visitors, plan events and keep our office running.", "Зочдыг хүлээн авч, арга хэмжээ төлөвлөж, оффисын өдөр тутмын ажлыг зохион байгуулна.", 1800000, "MNT"},
	// Careers
	{1, "career", "engineering", "full_time_permanent", "Graduate engineer program", "Төгсөгч инженерийн хөтөлбөр", "MN", "Arvaikheer",
		"Two years, three sites, a mentor and a permanent job at the end.", "Хоёр жил, гурван талбай, ментортой ажиллаж, эцэст нь байнгын ажилд орно.", 3000000, "MNT"},
	{1, "career", "health", "full_time_permanent", "Occupational health nurse", "Хөдөлмөрийн эрүүл мэндийн сувилагч", "MN", "Arvaikheer",
		"Look after the health of our workers at the mine's clinic.", "Уурхайн эмнэлэгт ажилчдын эрүүл мэндийг хариуцна.", 2600000, "MNT"},
	{0, "career", "education", "full_time_permanent", "Study-abroad counselor", "Гадаадад суралцах зөвлөх", "MN", "Ulaanbaatar",
		"Guide students and families through applications to universities abroad.", "Гадаадын их сургуульд өргөдөл гаргахад сурагч, эцэг эхчүүдэд зөвлөнө.", 2500000, "MNT"},
	{1, "career", "business_management", "full_time_permanent", "Management trainee", "Менежментийн дадлагажигч", "MN", "Ulaanbaatar",
		"Rotate through operations, finance and people teams for 18 months.", "18 сарын турш үйл ажиллагаа, санхүү, хүний нөөцийн багуудаар ээлжлэн ажиллана.", 2200000, "MNT"},
	{0, "career", "social_work", "full_time_permanent", "Youth program officer", "Залуучуудын хөтөлбөрийн ажилтан", "MN", "Erdenet",
		"Run career workshops for pupils in Orkhon province.", "Орхон аймгийн сурагчдад мэргэжил сонголтын сургалт зохион байгуулна.", 1900000, "MNT"},
	{2, "career", "tourism_hospitality", "full_time_seasonal", "Tour guide (English)", "Англи хэлтэй аялалын хөтөч", "MN", "Khatgal",
		"Guide visitors around Lake Khövsgöl from June to September.", "6-9 дүгээр сард Хөвсгөл нуурын эргэн тойронд жуулчдыг хөтөлнө.", 2000000, "MNT"},
	// Education
	{0, "education", "languages", "part_time", "IELTS preparation course", "IELTS-ийн бэлтгэл сургалт", "MN", "Ulaanbaatar",
		"Eight weeks, evening classes, a mock exam at the end.", "Найман долоо хоног, оройн анги, төгсгөлд нь туршилтын шалгалт.", 0, ""},
	{0, "education", "it", "part_time", "Introduction to programming for pupils", "Сурагчдад зориулсан програмчлалын анхан шат", "MN", "Ulaanbaatar",
		"Python on Saturdays for grades 9 to 12.", "9-12 дугаар ангийн сурагчдад бямба гаригт Python заана.", 0, ""},
	{0, "education", "science_research", "part_time", "University application workshop", "Их сургуульд өргөдөл гаргах сургалт", "MN", "Ulaanbaatar",
		"Write your personal statement and plan your applications.", "Өөрийн танилцуулга эссэгээ бичиж, өргөдлөө төлөвлөнө.", 0, ""},
	{2, "education", "languages", "part_time", "Korean language evening course", "Солонгос хэлний оройн сургалт", "MN", "Ulaanbaatar",
		"From the alphabet to everyday conversation in 12 weeks.", "12 долоо хоногт цагаан толгойноос өдөр тутмын яриа хүртэл.", 0, ""},
	{0, "education", "design", "part_time", "Graphic design basics", "График дизайны үндэс", "MN", "Darkhan",
		"Learn layout, color and type with free tools.", "Үнэгүй хэрэгслээр зохиомж, өнгө, үсгийн хэлбэр сурна.", 0, ""},
	{0, "education", "arts_media", "part_time", "Photography for beginners", "Анхан шатны гэрэл зураг", "MN", "Ulaanbaatar",
		"Six Sunday sessions in the city and the countryside.", "Хот болон хөдөө зургаан удаагийн ням гаригийн хичээл.", 0, ""},
	// Development
	{0, "development", "business_management", "part_time", "Leadership program for young women", "Залуу эмэгтэйчүүдийн манлайллын хөтөлбөр", "MN", "Ulaanbaatar",
		"Mentoring, workshops and a community project over three months.", "Гурван сарын турш ментортой ажиллаж, сургалтад сууж, олон нийтийн төсөл хэрэгжүүлнэ.", 0, ""},
	{1, "development", "engineering", "part_time", "Safety leadership training", "Аюулгүй ажиллагааны манлайллын сургалт", "MN", "Arvaikheer",
		"For supervisors: lead a safer shift.", "Ахлагч нарт: ээлжээ илүү аюулгүй удирдах нь.", 0, ""},
	{0, "development", "social_work", "part_time", "Volunteer mentor for rural pupils", "Хөдөөгийн сурагчдын сайн дурын ментор", "MN", "Remote",
		"One hour a week online with a pupil from Gobi-Altai.", "Говь-Алтайн нэг сурагчтай долоо хоногт нэг цаг онлайнаар ажиллана.", 0, ""},
	{2, "development", "tourism_hospitality", "part_time", "Hospitality skills bootcamp", "Зочлох үйлчилгээний ур чадварын сургалт", "MN", "Ulaanbaatar",
		"Two weeks of practice in Ulaanbaatar's best hotels.", "Улаанбаатарын шилдэг зочид буудлуудад хоёр долоо хоног дадлага хийнэ.", 0, ""},
	{0, "development", "it", "remote", "Data skills for NGOs", "ТББ-д зориулсан өгөгдлийн ур чадвар", "MN", "Remote",
		"Spreadsheets, charts and surveys for people who run programs.", "Хөтөлбөр хэрэгжүүлдэг хүмүүст хүснэгт, график, судалгааны арга.", 0, ""},
	{1, "development", "agriculture_environment", "part_time", "Land rehabilitation volunteers", "Газрын нөхөн сэргээлтийн сайн дурынхан", "MN", "Arvaikheer",
		"Plant and care for native grasses on restored land.", "Нөхөн сэргээсэн газарт уугуул ургамал тарьж арчилна.", 0, ""},
	// Exchange programs
	{2, "exchange", "tourism_hospitality", "full_time_seasonal", "Summer work and travel in the United States", "АНУ-д зуны ажил ба аялал", "US", "Wisconsin Dells",
		"Work at a resort for three months, then travel for one.", "Амралтын газарт гурван сар ажиллаад, нэг сар аялна.", 14, "USD"},
	{2, "exchange", "education", "", "Semester exchange in Japan", "Японд нэг улирлын солилцоо", "JP", "Osaka",
		"Study one semester at a partner university, tuition waived.", "Түнш их сургуульд нэг улирал суралцана. Сургалтын төлбөрөөс чөлөөлнө.", 0, ""},
	{2, "exchange", "arts_media", "", "Cultural exchange in Germany", "Германд соёлын солилцоо", "DE", "Leipzig",
		"Three weeks of music and theatre with young people from ten countries.", "Арван орны залуустай хамт гурван долоо хоног хөгжим, театраар хичээллэнэ.", 0, ""},
	{2, "exchange", "agriculture_environment", "internship", "Agricultural internship in New Zealand", "Шинэ Зеландад хөдөө аж ахуйн дадлага", "NZ", "Canterbury",
		"Six months on a dairy farm, with a stipend.", "Сүүний фермд тэтгэлэгтэйгээр зургаан сар дадлага хийнэ.", 1500, "NZD"},
	{2, "exchange", "languages", "", "Language exchange in Korea", "Солонгост хэлний солилцоо", "KR", "Busan",
		"Four weeks of Korean classes and a host family.", "Дөрвөн долоо хоног солонгос хэл сурч, гэр бүлд амьдарна.", 0, ""},
	{0, "exchange", "social_work", "", "Volunteer exchange in Kazakhstan", "Казахстанд сайн дурын солилцоо", "KZ", "Almaty",
		"Help run a summer camp for children.", "Хүүхдийн зуслангийн ажилд туслана.", 0, ""},
	// Recruitment
	{2, "recruitment", "agriculture_environment", "full_time_seasonal", "Seasonal farm workers in Korea", "Солонгост улирлын фермийн ажилчин", "KR", "Jeonju",
		"Government program: five months, housing provided, no fees.", "Засгийн газрын хөтөлбөр: таван сар, байраар хангана, ямар ч төлбөргүй.", 2100000, "KRW"},
	{2, "recruitment", "manufacturing_trades", "full_time_permanent", "Welders for a shipyard in Japan", "Японы усан онгоцны үйлдвэрт гагнуурчин", "JP", "Nagasaki",
		"Certified welders, three-year contract, Japanese classes included.", "Гэрчилгээтэй гагнуурчид, гурван жилийн гэрээ, япон хэлний хичээлтэй.", 260000, "JPY"},
	{1, "recruitment", "logistics_transport", "full_time_permanent", "Heavy truck drivers", "Хүнд даацын машины жолооч", "MN", "Arvaikheer",
		"Class E license, rotating shifts of 14 days.", "E ангиллын үнэмлэхтэй, 14 хоногийн ээлжийн ажил.", 3500000, "MNT"},
	{2, "recruitment", "health", "full_time_permanent", "Care workers in Germany", "Германд асаргааны ажилтан", "DE", "Munich",
		"German B1 required; recognition of your diploma is paid by the employer.", "Герман хэлний B1 түвшин шаардлагатай. Дипломоо хүлээн зөвшөөрүүлэх зардлыг ажил олгогч төлнө.", 2800, "EUR"},
	{1, "recruitment", "construction", "full_time_seasonal", "Construction workers for the summer", "Зуны улирлын барилгын ажилчид", "MN", "Ulaanbaatar",
		"May to October, meals and transport provided.", "5-10 дугаар сард, хоол, унаагаар хангана.", 2400000, "MNT"},
	{0, "recruitment", "education", "full_time_permanent", "Teachers for rural schools", "Хөдөөгийн сургуульд багш", "MN", "Mörön",
		"Mathematics and science teachers, housing provided.", "Математик, байгалийн ухааны багш, байраар хангана.", 2100000, "MNT"},
	// Travel
	{2, "travel", "education", "", "Study tour to universities in Japan", "Японы их сургуулиудаар сургалтын аялал", "JP", "Tokyo",
		"Visit five universities and meet Mongolian students in Tokyo.", "Таван их сургуульд зочилж, Токио дахь монгол оюутнуудтай уулзана.", 0, ""},
	{2, "travel", "education", "", "Campus tour in South Korea", "Өмнөд Солонгосын их сургуулиудаар аялал", "KR", "Seoul",
		"Seven days, six campuses, admission talks in every one.", "Долоо хоног, зургаан кампус, бүгдэд нь элсэлтийн танилцуулга сонсоно.", 0, ""},
	{0, "travel", "arts_media", "", "Heritage trip to Kharkhorin", "Хархорум руу соёлын өвийн аялал", "MN", "Kharkhorin",
		"Three days at Erdene Zuu monastery and the Orkhon valley.", "Эрдэнэ Зуу хийд, Орхоны хөндийд гурван хоног.", 0, ""},
	{2, "travel", "science_research", "", "Science camp in Singapore", "Сингапурт шинжлэх ухааны зуслан", "SG", "Singapore",
		"Labs, museums and a robotics challenge for pupils aged 14 to 17.", "14-17 настай сурагчдад лаборатори, музей, роботын тэмцээн.", 0, ""},
	{0, "travel", "agriculture_environment", "", "Gobi ecology expedition", "Говийн экологийн экспедиц", "MN", "Dalanzadgad",
		"Ten days with researchers studying the desert's wildlife.", "Цөлийн амьтдыг судалдаг эрдэмтэдтэй арван хоног хамт ажиллана.", 0, ""},
	{2, "travel", "languages", "", "English summer school in the United Kingdom", "Их Британид англи хэлний зуны сургууль", "GB", "Cambridge",
		"Three weeks of classes and excursions for pupils aged 15 to 18.", "15-18 настай сурагчдад гурван долоо хоногийн хичээл, аялал.", 0, ""},
}

// SeedDemo adds the demo's verified organisations, their postings (every kind, both
// languages; a few waiting for approval, one sent back, one closed) and applications in
// several statuses. ownerHash is the demo password's hash for the extra organisations'
// owners; applicants are the demo's individual accounts.
func SeedDemo(ctx context.Context, store *db.Store, now time.Time, ownerHash string, applicants []int64) error {
	orgIDs := make([]int64, len(demoOrgs))
	owners := make([]int64, len(demoOrgs))
	for i, o := range demoOrgs {
		u, err := store.UserByEmail(ctx, o.owner)
		if db.IsNotFound(err) {
			u, err = store.CreateUser(ctx, db.NewUser{Email: o.owner, PasswordHash: ownerHash, FirstName: "Demo", LastName: "Owner",
				DateOfBirth: "1985-06-01", AccountType: "enterprise", Language: "en", OrgName: o.name, Verified: true}, now)
		}
		if err != nil {
			return err
		}
		orgIDs[i], owners[i] = u.OrgID, u.ID
		slug := search.Slug(o.name)
		if err := store.SaveOrgProfile(ctx, &db.OrgProfile{OrgID: u.OrgID, Slug: slug, DescriptionEn: o.en, DescriptionMn: o.mn,
			Website: o.website, Country: "MN", City: o.city, RegistrationNumber: o.regNo, ContactName: "Demo Owner",
			ContactEmail: o.email}, now); err != nil {
			return err
		}
		if err := store.SetOrgStatus(ctx, u.OrgID, []string{"unverified"}, "pending", "", 0, now.Add(-40*24*time.Hour)); err != nil {
			return err
		}
		if err := store.SetOrgStatus(ctx, u.OrgID, []string{"pending"}, "verified", "", 0, now.Add(-39*24*time.Hour)); err != nil {
			return err
		}
	}
	deadline := now.AddDate(0, 2, 0).Format(time.DateOnly)
	var published []int64
	for i, d := range demoPostings {
		p := Posting{Kind: d.kind, TitleEn: d.en, TitleMn: d.mn, Classification: d.class, EmploymentType: d.emp,
			DescriptionEn: d.descEn + "\n\n**What we offer:** training, a mentor and a friendly team.\n\n" + demoNote("en"),
			DescriptionMn: d.descMn + "\n\n**Бидний санал болгох зүйл:** сургалт, ментор, нөхөрсөг хамт олон.\n\n" + demoNote("mn"),
			Audience:      []string{"graduates", "university", "everyone", "high_school", "professionals"}[i%5], Country: d.country, City: d.city,
			Deadline: deadline, Openings: 1 + i%4, Languages: []string{"mn"}, ContactName: "Demo Owner", ContactEmail: demoOrgs[d.org].email,
			Documents: []string{"cv"}, Pay: Pay{Kind: "not_stated"}}
		if d.city == "Remote" {
			p.City, p.Workplace = "", "remote"
		}
		if d.payMin > 0 {
			p.Pay = Pay{Kind: "amount", Min: d.payMin, Currency: d.currency, Period: "month"}
			if (d.currency == "MNT" && d.payMin < 100000) || (d.currency != "MNT" && d.payMin < 100) {
				p.Pay.Period = "hour"
			}
		}
		if d.country != "MN" {
			p.VisaType = map[string]string{"exchange": "exchange_visitor", "recruitment": "work", "travel": "tourist"}[d.kind]
			if p.VisaType == "" {
				p.VisaType = "work"
			}
			p.NoFee = true
			p.Languages = []string{"en", "mn"}
		}
		if d.kind == "exchange" {
			p.ExchangeType = []string{"work_and_travel", "academic", "cultural", "internship", "language", "volunteer"}[i%6]
		}
		if d.kind == "travel" || d.kind == "exchange" {
			p.StartDate, p.EndDate = now.AddDate(0, 3, 0).Format(time.DateOnly), now.AddDate(0, 3, 14).Format(time.DateOnly)
		}
		if d.kind == "travel" {
			p.ParticipantCost, p.CostCurrency = 1800, "USD"
			p.IncludesEn, p.IncludesMn = "Flights, hotel, breakfast and visits.", "Нислэг, зочид буудал, өглөөний цай, айлчлалууд."
		}
		if d.kind == "job" || d.kind == "recruitment" {
			p.Questions = []Question{{Type: "yes_no", TextEn: "Can you start within a month?", TextMn: "Та нэг сарын дотор ажилд орж чадах уу?", Required: true, Must: "yes"}}
		}
		p.normalize()
		if err := p.check(true, ubDay(now)); err != nil {
			return fmt.Errorf("demo posting %q: %w", d.en, err)
		}
		o := &db.Opportunity{OrgID: orgIDs[d.org], Slug: search.Slug(d.en), CreatedBy: owners[d.org]}
		p.toRow(o)
		created := now.Add(-time.Duration(len(demoPostings)-i) * 20 * time.Hour)
		id, err := store.InsertOpportunity(ctx, o, created)
		if err != nil {
			return fmt.Errorf("demo posting %q: %w", d.en, err)
		}
		// Most are published; the last three of the list wait for approval, one was sent back.
		steps := []string{"submitted", "published"}
		switch {
		case i == len(demoPostings)-1 || i == len(demoPostings)-2:
			steps = []string{"submitted"}
		case i == len(demoPostings)-3:
			steps = []string{"submitted", "returned"}
		}
		from := "draft"
		for k, to := range steps {
			ch := db.StatusChange{ID: id, From: from, To: to, Actor: owners[d.org], At: created.Add(time.Duration(k+1) * time.Hour)}
			if to == "returned" {
				ch.Note = "Please add the salary range. / Цалингийн хэмжээг нэмнэ үү."
			}
			if err := store.SetOpportunityStatus(ctx, ch); err != nil {
				return err
			}
			from = to
		}
		if from == "published" {
			o.ID, o.OrgName = id, demoOrgs[d.org].name
			if err := store.IndexOpportunity(ctx, id, searchText(o)); err != nil {
				return err
			}
			published = append(published, id)
		}
	}
	// Three months of views, so the analytics have a history: more on weekdays, growing
	// towards today, different for every posting (made-up numbers, like the rest of the demo).
	views := map[db.ViewDay]int{}
	for i, id := range published {
		for d := 0; d < 90; d++ {
			day := now.AddDate(0, 0, -d)
			n := 2 + (i*7+d*13)%9 + (90-d)/12
			if wd := day.In(ulaanbaatar).Weekday(); wd == time.Saturday || wd == time.Sunday {
				n /= 2
			}
			views[db.ViewDay{OpportunityID: id, Day: ubDay(day)}] = n
		}
	}
	if err := store.AddOpportunityViews(ctx, views); err != nil {
		return err
	}
	// Applications in several statuses, from the demo's student and a few more people.
	for i, name := range [][2]string{{"Ану", "Энхбаяр"}, {"Болд", "Ганзориг"}, {"Min-ji", "Kim"}, {"Сарнай", "Төмөр"}} {
		u, err := store.CreateUser(ctx, db.NewUser{Email: fmt.Sprintf("applicant%d@demo.gerege.mn", i+1), PasswordHash: ownerHash,
			FirstName: name[0], LastName: name[1], DateOfBirth: "2003-09-0" + fmt.Sprint(i+1), AccountType: "individual",
			Language: []string{"mn", "mn", "en", "mn"}[i], Verified: true}, now)
		if err != nil {
			return err
		}
		applicants = append(applicants, u.ID)
	}
	statuses := [][]string{{}, {"reviewed"}, {"reviewed", "shortlisted"}, {"reviewed", "shortlisted", "interview"},
		{"reviewed", "declined"}, {"reviewed", "shortlisted", "interview", "offer"}}
	for ai, uid := range applicants {
		u, err := store.UserByID(ctx, uid)
		if err != nil {
			return err
		}
		profile, _ := json.Marshal(Profile{FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, DateOfBirth: u.DateOfBirth, Language: u.Language})
		for k := 0; k < len(statuses); k++ {
			oppID := published[(ai*7+k*5)%len(published)]
			at := now.Add(-time.Duration(20-k*3) * 24 * time.Hour)
			id, err := store.InsertApplication(ctx, &db.Application{OpportunityID: oppID, UserID: uid, Lang: u.Language,
				Profile: string(profile), Answers: `[{"index":0,"value":"yes"}]`, Meets: true,
				CoverLetter: "Demo: I am interested in this opportunity and would be glad to tell you more."}, at)
			if err != nil {
				if err == db.ErrConflict {
					continue
				}
				return err
			}
			from := "submitted"
			for j, to := range statuses[(k+ai)%len(statuses)] {
				if err := store.SetApplicationStatus(ctx, id, from, to, owners[0], "", at.Add(time.Duration(j+1)*30*time.Hour)); err != nil {
					return err
				}
				from = to
			}
		}
	}
	return nil
}

func demoNote(lang string) string {
	if lang == "mn" {
		return "_Энэ бол Gerege-ийн танилцуулгын жишээ зар._"
	}
	return "_This is an example posting of the Gerege demo._"
}
