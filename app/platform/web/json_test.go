package web

import (
	"encoding/json"
	"math"
	"net/http/httptest"
	"testing"

	"gerege/i18n"
)

// A value JSON cannot encode is a 500 whose message is in the answer's language, never English
// in a Mongolian answer.
func TestJSONFailureSpeaksTheAnswersLanguage(t *testing.T) {
	for lang, want := range map[string]string{"mn": i18n.T("mn", "errors.generic"), "en": i18n.T("en", "errors.generic"), "": i18n.T(i18n.Default, "errors.generic")} {
		w := httptest.NewRecorder()
		if lang != "" {
			w.Header().Set("Content-Language", lang)
		}
		JSON(w, 200, map[string]any{"x": math.Inf(1)})
		var got struct{ Message, Code string }
		if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || w.Code != 500 || got.Code != "internal" || got.Message != want {
			t.Errorf("%q: %d %s (%v), want 500 with %q", lang, w.Code, w.Body, err, want)
		}
	}
	if i18n.T("mn", "errors.generic") == i18n.T("en", "errors.generic") {
		t.Fatal("the generic message is the same in both languages")
	}
}
