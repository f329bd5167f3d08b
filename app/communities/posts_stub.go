package communities

// Stubs of the posts part (replace with the real files).

import (
	"context"
	"gerege/db"
	"net/http"

	"gerege/app/platform/authz"
	"gerege/app/platform/jobs"
	"gerege/app/platform/userdata"
	"gerege/app/platform/web"
)

func (h *Handlers) mountPosts(r *authz.Router, reg *authz.Registry)           {}
func (h *Handlers) postJobs() []jobs.Job                                      { return nil }
func (h *Handlers) postUserData() []userdata.Section                          { return nil }
func (h *Handlers) postSitemap(ctx context.Context) ([]web.SitemapURL, error) { return nil, nil }
func (h *Handlers) renderPostPage(r *http.Request, lang string, parts []string) (*web.Rendered, bool, error) {
	return nil, false, nil
}
func (h *Handlers) renderTopicPage(r *http.Request, lang string, parts []string) (*web.Rendered, bool, error) {
	return nil, false, nil
}

func seedPostsDemo(ctx context.Context, tx *db.Store, w *demoWorld) error { return nil }
