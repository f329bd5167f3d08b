// Command gerege is the whole platform in one binary: the server, its SQLite store and
// migrations, the JSON API and the built UI.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"gerege/app"
	"gerege/db"
	"gerege/ui"
)

const usage = `Gerege — a global connectivity platform for individuals and enterprises.

Usage:
  gerege [serve] [flags]         run the platform (the default command); creates the data
                                 file on first start
  gerege migrate [--create]      apply database migrations and exit (--create: make the data
                                 file if it is missing)
  gerege backup FILE             write a consistent copy of the data file to FILE, and its
                                 uploaded files to FILE.files, also while the server runs
                                 (missing folders are created)
  gerege restore FILE            put the backup FILE (and FILE.files) in place of the data
                                 file and its files (the server must be stopped)
  gerege maintenance on|off      switch maintenance mode of a running installation
  gerege user create-admin --email ADDRESS [--password-stdin]
                                 create the first platform admin (or promote an account)
  gerege version                 print the version and the commit it was built from

Every command but version takes --db FILE (env GEREGE_DB, default ./gerege.db), before or
after its other arguments. Only serve, migrate --create and restore create a missing data
file; the others refuse it, so a mistyped path cannot silently start an empty installation.

Run 'gerege serve --help' for the server's flags and environment variables.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	var err error
	switch cmd {
	case "serve":
		err = serve(args, stdout, stderr)
	case "migrate":
		err = migrate(args, stderr)
	case "backup":
		err = backup(args, stdout, stderr)
	case "restore":
		err = restore(args, stdout, stderr)
	case "maintenance":
		err = maintenance(args, stdout, stderr)
	case "user":
		err = userCmd(args, os.Stdin, stdout, stderr)
	case "version":
		fmt.Fprintln(stdout, "gerege", app.BuildInfo())
	case "help":
		fmt.Fprint(stdout, usage)
	default:
		fmt.Fprintf(stderr, "gerege: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "gerege:", err)
		return 1
	}
	return 0
}

func serve(args []string, stdout, stderr io.Writer) error {
	for _, a := range args {
		if a == "-h" || a == "--help" || a == "-help" {
			if len(args) == 1 {
				fmt.Fprint(stdout, usage+"\n")
			}
			break
		}
	}
	cfg, err := app.ParseServe(args, os.Getenv, stdout)
	if err != nil {
		return err
	}
	log := app.NewLogger(stderr, cfg.LogLevel, cfg.LogFormat)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return app.Run(ctx, cfg, log, ui.Dist(), nil)
}

func dbFlag(name string, args []string, stderr io.Writer) (*flag.FlagSet, *string) {
	fs := flag.NewFlagSet("gerege "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	def := os.Getenv("GEREGE_DB")
	if def == "" {
		def = "./gerege.db"
	}
	return fs, fs.String("db", def, "path of the SQLite data file (env GEREGE_DB)")
}

// parse parses flags wherever they stand among the positional arguments — the flag package
// stops at the first positional one, so `gerege maintenance on --db FILE` (the order the
// docs print) used to leave --db unread — and returns the positional arguments. "--" ends
// the flags.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if i := len(args) - len(rest) - 1; i >= 0 && args[i] == "--" {
			return append(pos, rest...), nil
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
}

// existing refuses a data file that is not there: db.Open would create an empty one, and
// the command would then report success on a database nobody uses.
func existing(path string) error {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("no data file at %s: check --db or GEREGE_DB (gerege serve and gerege migrate --create create one)", path)
	}
	if err != nil {
		return err
	}
	if fi.IsDir() {
		return fmt.Errorf("%s is a folder, not a data file: check --db or GEREGE_DB", path)
	}
	return nil
}

func migrate(args []string, stderr io.Writer) error {
	fs, path := dbFlag("migrate", args, stderr)
	create := fs.Bool("create", false, "create the data file when it is missing (otherwise a missing file is an error)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return fmt.Errorf("migrate takes no arguments, got %q", pos)
	}
	if !*create {
		if err := existing(*path); err != nil {
			return err
		}
	}
	if err := db.Migrate(*path); err != nil {
		return err
	}
	fmt.Fprintln(stderr, "gerege: migrations applied to", *path)
	return nil
}

func backup(args []string, stdout, stderr io.Writer) error {
	fs, path := dbFlag("backup", args, stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, "Usage: gerege backup FILE [--db FILE]") }
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		fs.Usage()
		return errors.New("name the backup file")
	}
	if err := existing(*path); err != nil {
		return err
	}
	if err := db.Backup(context.Background(), *path, pos[0]); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up %s to %s\n", *path, pos[0])
	return nil
}

func restore(args []string, stdout, stderr io.Writer) error {
	fs, path := dbFlag("restore", args, stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, "Usage: gerege restore FILE [--db FILE]   (stop the server first)") }
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		fs.Usage()
		return errors.New("name the backup file to restore")
	}
	if err := db.Restore(context.Background(), pos[0], *path); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "restored %s from %s; start the server with the secret the backup was made with (docs/operations.md)\n", *path, pos[0])
	return nil
}

func maintenance(args []string, stdout, stderr io.Writer) error {
	fs, path := dbFlag("maintenance", args, stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, "Usage: gerege maintenance on|off [--db FILE]") }
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || (pos[0] != "on" && pos[0] != "off") {
		fs.Usage()
		return errors.New("want on or off")
	}
	state := pos[0]
	if err := existing(*path); err != nil {
		return err
	}
	ctx := context.Background()
	store, err := db.Open(ctx, *path)
	if err != nil {
		return err
	}
	defer store.Close()
	if err := store.SetSetting(ctx, db.SettingMaintenance, state); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "maintenance mode %s (a running server notices within 2 seconds)\n", state)
	return nil
}

func userCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "create-admin" {
		return errors.New("usage: gerege user create-admin --email ADDRESS [--password-stdin] [--db FILE]")
	}
	args = args[1:]
	fs, path := dbFlag("user create-admin", args, stderr)
	email := fs.String("email", "", "email address of the admin")
	first := fs.String("first-name", "Admin", "given name")
	last := fs.String("last-name", "Gerege", "surname")
	fromStdin := fs.Bool("password-stdin", false, "read the password from the first line of standard input (otherwise one is generated and printed once)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return fmt.Errorf("user create-admin takes flags only, got %q", pos)
	}
	if err := existing(*path); err != nil {
		return err
	}
	ctx := context.Background()
	store, err := db.Open(ctx, *path)
	if err != nil {
		return err
	}
	defer store.Close()
	pw := ""
	if *fromStdin {
		line, err := bufio.NewReader(stdin).ReadString('\n')
		if err != nil && line == "" {
			return fmt.Errorf("reading the password: %w", err)
		}
		pw = strings.TrimRight(line, "\r\n")
	}
	res, err := app.CreateAdmin(ctx, store, *email, pw, *first, *last)
	if err != nil {
		return err
	}
	switch {
	case res.Promoted:
		fmt.Fprintf(stdout, "%s is now a platform admin\n", res.Email)
	case res.Generated != "":
		fmt.Fprintf(stdout, "created admin %s\npassword (shown once): %s\n", res.Email, res.Generated)
	default:
		fmt.Fprintf(stdout, "created admin %s\n", res.Email)
	}
	return nil
}
