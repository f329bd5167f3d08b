package mail

import (
	"slices"
	"sync"

	"gerege/db"
)

// lives is the live stream of each server of the process, by the data file of its store:
// Deliver runs inside other modules' transactions (often through notify.Send) with nothing
// but their store, and must tell the open mailbox of the server that store belongs to — never
// another server's (tests run several in one process, each on its own copy of the database).
var lives sync.Map // string (db.Store.Path) → Live

// liveOf is the live stream of the server whose store tx is (nil when none: a tool, the demo
// seeded before the server runs).
func liveOf(tx *db.Store) Live {
	if l, ok := lives.Load(tx.Path()); ok {
		return l.(Live)
	}
	return nil
}

// announce tells users' open mailboxes that a letter arrived in thread, once tx has
// committed (never before, never when it rolls back): the one path of every letter's live
// event, people's (Send) and the platform's (Deliver).
func announce(tx *db.Store, live Live, users []int64, thread int64) {
	if live == nil || len(users) == 0 {
		return
	}
	users = slices.Clone(users)
	tx.AfterCommit(func() { live.PublishMail(users, thread) })
}

// touched tells the caller's own open mailboxes (their other tabs and devices, this one too)
// that they changed their mailbox — sent, kept or discarded a draft, read, moved, starred or
// labelled letters, changed labels — once tx has committed, so the counts and lists there
// follow. The event names no thread: a thread open there is not reloaded (it would mark as
// read again what was just marked unread).
func touched(tx *db.Store, live Live, user int64) {
	if live == nil {
		return
	}
	tx.AfterCommit(func() { live.PublishMailChanged([]int64{user}, 0) })
}
