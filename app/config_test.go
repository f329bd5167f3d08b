package app_test

import (
	"bytes"
	"gerege/app"
	"strings"
	"testing"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestParseServe(t *testing.T) {
	t.Parallel()
	c, err := app.ParseServe(nil, env(nil), &bytes.Buffer{})
	if err != nil || c.Addr != ":8080" || c.DB != "./gerege.db" || c.MaxBody != 1<<20 {
		t.Fatalf("defaults: %+v %v", c, err)
	}
	c, err = app.ParseServe([]string{"--addr", "127.0.0.1:9999"}, env(map[string]string{
		"GEREGE_ADDR": ":1", "GEREGE_DB": "/tmp/x.db", "GEREGE_BASE_URL": "https://gerege.example/",
		"GEREGE_SMTP_PASSWORD": "pw", "GEREGE_DEMO": "true"}), &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:9999" || c.DB != "/tmp/x.db" || !c.Secure() || c.BaseURL != "https://gerege.example" ||
		c.SMTP.Password != "pw" || !c.Demo {
		t.Errorf("flag should win over env, env over default: %+v", c)
	}
	c, err = app.ParseServe([]string{"--staff-notify", " desk@example.mn , volunteer:cvp@example.mn,"}, env(nil), &bytes.Buffer{})
	if err != nil || strings.Join(c.StaffNotify, " ") != "desk@example.mn volunteer:cvp@example.mn" {
		t.Errorf("staff recipients: %q %v", c.StaffNotify, err)
	}
	bad := []struct {
		args []string
		env  map[string]string
		msg  string
	}{
		{[]string{"--base-url", "ftp://x"}, nil, "--base-url"},
		{[]string{"--max-body", "ten"}, nil, "--max-body"},
		{[]string{"--smtp-port", "70000"}, nil, "--smtp-port"},
		{[]string{"--log-level", "loud"}, nil, "--log-level"},
		{nil, map[string]string{"GEREGE_SECRET": "short"}, "GEREGE_SECRET"},
		{[]string{"stray"}, nil, "unexpected argument"},
		{[]string{"--staff-notify", "desk@example.mn,jobs:hr@example.mn"}, nil, "names no form"},
		{[]string{"--staff-notify", "volunteer:nobody"}, nil, "not an email address"},
	}
	for _, b := range bad {
		if _, err := app.ParseServe(b.args, env(b.env), &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), b.msg) {
			t.Errorf("%v %v: err = %v, want mention of %s", b.args, b.env, err, b.msg)
		}
	}
	var help bytes.Buffer
	app.ParseServe([]string{"--help"}, env(nil), &help)
	for _, f := range []string{"-addr", "-db", "-base-url", "-demo", "-maintenance", "-smtp-host", "GEREGE_SECRET"} {
		if !strings.Contains(help.String(), f) {
			t.Errorf("--help lacks %s", f)
		}
	}
}
