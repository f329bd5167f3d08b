package app

import (
	"context"

	"gerege/app/content"
)

func contentSeed(s *Server) error { return content.Seed(context.Background(), s.store, s.now()) }
