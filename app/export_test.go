package app

import "github.com/alexedwards/scs/v2"

// Internals the external tests (package app_test) look at.

// InvalidateMaintenance makes the next request read maintenance mode from the database.
func (s *Server) InvalidateMaintenance() { s.maint.Invalidate() }

// Secret is the installation secret the server uses.
func (s *Server) Secret() []byte { return s.secret }

// Sessions is the web session manager.
func (s *Server) Sessions() *scs.SessionManager { return s.sessions }

// UserDataSections names every section of the data export, in order.
func (s *Server) UserDataSections() []string { return s.userdata.Names() }
