package communities

import (
	"context"
	"time"

	"gerege/app/platform/userdata"
	"gerege/db"
)

// ExportedPost is one of a person's posts or topics in "download my data".
type ExportedPost struct {
	Kind        string     `json:"kind"`
	Title       string     `json:"title"`
	Body        string     `json:"body" description:"Markdown as written"`
	Lang        string     `json:"lang"`
	Tags        []string   `json:"tags"`
	Status      string     `json:"status"`
	Community   string     `json:"community" description:"the community's slug; empty for platform-wide"`
	Path        string     `json:"path"`
	CreatedAt   time.Time  `json:"createdAt"`
	PublishedAt *time.Time `json:"publishedAt"`
}

// postUserData: a person's posts and topics. Deleting the account deletes them (by foreign
// key) with their covers and search text.
func (h *Handlers) postUserData() []userdata.Section {
	return []userdata.Section{userdata.Of("posts", h.exportPosts).WithErase(h.erasePosts)}
}

func (h *Handlers) exportPosts(ctx context.Context, store *db.Store, userID int64) ([]ExportedPost, error) {
	out := []ExportedPost{}
	var after *db.PostCursor
	for {
		list, next, err := store.AuthorPosts(ctx, userID, "", after, 200)
		if err != nil {
			return nil, err
		}
		for _, p := range list {
			tags := p.Tags
			if tags == nil {
				tags = []string{}
			}
			out = append(out, ExportedPost{Kind: p.Kind, Title: p.Title, Body: p.Body, Lang: p.Lang, Tags: tags, Status: p.Status,
				Community: p.CommunitySlug, Path: postPath(p), CreatedAt: p.CreatedAt.UTC(), PublishedAt: postTimePtr(p.PublishedAt)})
		}
		if next == nil {
			return out, nil
		}
		after = next
	}
}

func (h *Handlers) erasePosts(ctx context.Context, tx *db.Store, userID int64) error {
	ids, err := tx.AuthorPostIDs(ctx, userID)
	if err != nil {
		return err
	}
	covers, err := tx.CoverFileIDs(ctx, ids)
	if err != nil {
		return err
	}
	if err := tx.UnindexPosts(ctx, ids); err != nil {
		return err
	}
	return h.Files.Delete(ctx, tx, covers...)
}
