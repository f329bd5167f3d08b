package main

import (
	"context"

	"gerege/db"
)

type dbStore = db.Store

func dbOpen(path string) (*db.Store, error) { return db.Open(context.Background(), path) }
