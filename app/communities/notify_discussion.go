package communities

import "gerege/app/platform/notify"

// The notifications of the discussion part.
var (
	// Mentioned tells a person that someone mentioned them (@handle) in a comment.
	Mentioned = notify.Register(notify.Kind{
		Name: "discussion.mention", Title: "discussion.notify.mention.title",
		Body: "discussion.notify.mention.body", Label: "discussion.notify.mention.label",
		DefaultEmail: notify.Digest,
	})
	// Replied tells a comment's author that someone replied to it.
	Replied = notify.Register(notify.Kind{
		Name: "discussion.reply", Title: "discussion.notify.reply.title",
		Body: "discussion.notify.reply.body", Label: "discussion.notify.reply.label",
		DefaultEmail: notify.Off,
	})
)
