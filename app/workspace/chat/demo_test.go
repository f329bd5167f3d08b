package chat_test

import (
	"context"
	"strings"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
)

// The demo has conversations in both languages: the student with an organization's staff and
// with support, and support answering an applicant in English.
func TestDemoConversations(t *testing.T) {
	t.Parallel()
	s, ts := apitest.NewServer(t, func(c *app.Config) { c.Demo = true })
	login := func(email string) apitest.Reply {
		c := apitest.WebClient()
		apitest.MustStatus(t, apitest.Call(t, c, ts, "POST", "/api/web/auth/login", map[string]any{"email": email, "password": app.DemoPassword}, ""), 200)
		return apitest.Call(t, c, ts, "GET", "/api/chat/conversations", nil, "")
	}
	st := login("student@demo.gerege.mn")
	if !strings.Contains(st.Raw, `"kind":"support"`) || !strings.Contains(st.Raw, `"kind":"direct"`) || !strings.Contains(st.Raw, "Баярлалаа") {
		t.Errorf("the student's conversations: %.800s", st.Raw)
	}
	en := login("applicant3@demo.gerege.mn")
	if !strings.Contains(en.Raw, "organization here in the chat") {
		t.Errorf("the applicant's conversations: %.800s", en.Raw)
	}
	// The owner's team: a group they run, a system line (Sarah added), both languages.
	team := login("sarah.counselor@demo.gerege.mn")
	for _, want := range []string{`"kind":"group"`, "Ажлын баг", "календарьт"} {
		if !strings.Contains(team.Raw, want) {
			t.Errorf("the team group lacks %q: %.800s", want, team.Raw)
		}
	}
	u, err := s.Store().UserByEmail(context.Background(), "admin@demo.gerege.mn")
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := s.Store().ChatUnreadTotal(context.Background(), u.ID); n == 0 {
		t.Errorf("support has nothing unread in the demo")
	}
}
