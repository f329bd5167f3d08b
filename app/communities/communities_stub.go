package communities

// Stubs of the communities part (replace with the real files).

import (
	"context"
	"gerege/db"
	"net/http"

	"gerege/app/platform/authz"
	"gerege/app/platform/jobs"
	"gerege/app/platform/userdata"
	"gerege/app/platform/web"
)

func (h *Handlers) mountCommunities(r *authz.Router, reg *authz.Registry)          {}
func (h *Handlers) communityJobs() []jobs.Job                                      { return nil }
func (h *Handlers) communityUserData() []userdata.Section                          { return nil }
func (h *Handlers) communitySitemap(ctx context.Context) ([]web.SitemapURL, error) { return nil, nil }
func (h *Handlers) renderCommunityPage(r *http.Request, lang string, parts []string) (*web.Rendered, bool, error) {
	return nil, false, nil
}

func seedCommunitiesDemo(ctx context.Context, tx *db.Store, w *demoWorld) error { return nil }

// notifyNewPost tells the followers of the community (and forum) about a new post or topic, in tx.
func (h *Handlers) notifyNewPost(ctx context.Context, tx *db.Store, e NewPostEvent) error { return nil }

// notifyTopicReply tells the followers of a topic (or post) about a new reply, in tx.
func (h *Handlers) notifyTopicReply(ctx context.Context, tx *db.Store, e TopicReplyEvent) error {
	return nil
}
