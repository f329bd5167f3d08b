package chat_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"gerege/app/apitest"
)

func pngBytes(t *testing.T) []byte {
	t.Helper()
	m := image.NewRGBA(image.Rect(0, 0, 8, 8))
	m.Set(1, 1, color.RGBA{R: 200, A: 255})
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// upload posts content as the multipart field file, as name.
func (w *world) upload(name, filename string, content []byte) apitest.Reply {
	w.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", filename)
	_, _ = fw.Write(content)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", w.ts.URL+"/api/chat/attachments", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := w.as(name).Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := apitest.Reply{Status: res.StatusCode, Raw: string(raw)}
	_ = jsonInto(raw, &r.Body)
	return r
}

// Attachments: type by content, only the conversation's members download, gone with the message.
func TestAttachments(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	conv := w.direct("applicant", "counselor1")
	up := w.upload("applicant", "cv.png", pngBytes(t))
	apitest.MustStatus(t, up, 201)
	if up.Str("mediaType") != "image/png" {
		t.Errorf("upload: %s", up.Raw)
	}
	fileID := up.Body["fileId"]
	// Someone else cannot send my upload.
	r := w.call("counselor1", "POST", convPath(conv, "/messages"), map[string]any{"clientId": "steal-upload-1", "fileId": fileID})
	if r.Status != 422 {
		t.Errorf("sending another's upload: %d %s", r.Status, r.Raw)
	}
	msg := w.must(201, "applicant", "POST", convPath(conv, "/messages"), map[string]any{"clientId": "with-file-0001", "body": "my CV", "fileId": fileID})
	if !strings.Contains(msg.Raw, `"name":"cv.png"`) {
		t.Errorf("message: %s", msg.Raw)
	}
	id := int64(msg.Body["id"].(float64))
	path := fmt.Sprintf("/api/chat/messages/%d/attachment", id)
	got := w.call("counselor1", "GET", path, nil)
	if got.Status != 200 || got.Raw != string(pngBytes(t)) {
		t.Errorf("the member's download: %d (%d bytes)", got.Status, len(got.Raw))
	}
	for _, name := range []string{"stranger", "owner2", "manager1"} {
		r := w.call(name, "GET", path, nil)
		if r.Status != 404 || strings.Contains(r.Raw, "PNG") {
			t.Errorf("%s downloads: %d", name, r.Status)
		}
	}
	// A type refused by content (a script named .png), and an empty file.
	if r := w.upload("applicant", "evil.png", []byte("#!/bin/sh\nrm -rf /\n")); r.Status != 415 || !strings.Contains(r.Raw, `"file"`) {
		t.Errorf("a script as .png: %d %s", r.Status, r.Raw)
	}
	if r := w.upload("applicant", "empty.pdf", nil); r.Status != 422 {
		t.Errorf("an empty file: %d %s", r.Status, r.Raw)
	}
	// Deleting the message takes the attachment with it.
	w.must(200, "applicant", "DELETE", fmt.Sprintf("/api/chat/messages/%d", id), nil)
	apitest.MustStatus(t, w.call("counselor1", "GET", path, nil), 404)
}

// Download my data has the messages one sent; deleting the account keeps the others'
// conversation readable with a placeholder.
func TestUserDataExportAndErasure(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	conv := w.direct("comm1", "comm2")
	w.send("comm1", conv, "from the one who leaves")
	w.send("comm2", conv, "from the one who stays")
	exp := w.must(200, "comm1", "GET", "/api/account/export", nil)
	if !strings.Contains(exp.Raw, "from the one who leaves") || strings.Contains(exp.Raw, "from the one who stays") {
		t.Errorf("export: %.600s", exp.Raw)
	}
	w.must(204, "comm1", "DELETE", "/api/account", map[string]any{"password": apitest.Password})
	r := w.must(200, "comm2", "GET", convPath(conv, "/messages"), nil)
	if strings.Contains(r.Raw, "from the one who leaves") || !strings.Contains(r.Raw, "from the one who stays") ||
		!strings.Contains(r.Raw, `"senderId":0`) || !strings.Contains(r.Raw, `"deleted":true`) {
		t.Errorf("after the account was deleted: %s", r.Raw)
	}
	if _, err := w.s.Store().ChatUnreadTotal(context.Background(), w.ids["comm1"]); err != nil {
		t.Fatal(err)
	}
}
