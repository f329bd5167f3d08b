package search

import (
	"errors"
	"strings"
	"testing"
)

func TestSlug(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Улаанбаатар", "ulaanbaatar"},
		{"Хөгжил", "khugjil"},
		{"Хөгжлийн төлөө", "khugjliin-tuluu"},
		{"Өвөрхангай аймаг", "uvurkhangai-aimag"},
		{"Шинжлэх ухаан", "shinjlekh-ukhaan"},
		{"Цэцэг", "tsetseg"},
		{"Ерөнхий сайд", "yerunkhii-said"},
		{"Сүхбаатарын талбай", "sukhbaataryn-talbai"},
		{"Мэдээлэл технологи", "medeelel-tekhnologi"},
		{"Хоёр", "khoyor"},
		{"Сургууль", "surguuli"},
		{"Övörkhangai — 2026!", "ovorkhangai-2026"},
		{"  Hello,   World!! ", "hello-world"},
		{"Data & AI: what's next?", "data-ai-what-s-next"},
		{"中文", ""},
		{"---", ""},
	} {
		if got := Slug(c.in); got != c.want {
			t.Errorf("Slug(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	long := Slug(strings.Repeat("Улаанбаатар хот ", 20))
	if len(long) > SlugMax || strings.HasSuffix(long, "-") || !strings.HasSuffix(long, "khot") && !strings.HasSuffix(long, "ulaanbaatar") {
		t.Errorf("long slug %q (%d bytes)", long, len(long))
	}
}

func TestUniqueSlug(t *testing.T) {
	taken := map[string]bool{"a": true, "a-2": true}
	got, err := UniqueSlug("a", func(s string) (bool, error) { return taken[s], nil })
	if err != nil || got != "a-3" {
		t.Errorf("UniqueSlug = %q, %v", got, err)
	}
	got, err = UniqueSlug("", func(s string) (bool, error) { return false, nil })
	if err != nil || len(got) != 6 {
		t.Errorf("UniqueSlug(empty) = %q, %v", got, err)
	}
	long := strings.Repeat("x", SlugMax)
	got, err = UniqueSlug(long, func(s string) (bool, error) { return s == long, nil })
	if err != nil || len(got) > SlugMax || !strings.HasSuffix(got, "-2") {
		t.Errorf("UniqueSlug(long) = %q, %v", got, err)
	}
	boom := errors.New("boom")
	if _, err := UniqueSlug("a", func(string) (bool, error) { return false, boom }); !errors.Is(err, boom) {
		t.Errorf("error = %v", err)
	}
	if _, err := UniqueSlug("a", func(string) (bool, error) { return true, nil }); !errors.Is(err, ErrNoSlug) {
		t.Errorf("all taken: %v", err)
	}
}
