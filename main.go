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
  gerege [serve] [flags]         run the platform (the default command)
  gerege migrate [--db FILE]     apply database migrations and exit
  gerege maintenance on|off      switch maintenance mode of a running installation
  gerege user create-admin --email ADDRESS [--password-stdin]
                                 create the first platform admin (or promote an account)
  gerege version                 print the version

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

func migrate(args []string, stderr io.Writer) error {
	fs, path := dbFlag("migrate", args, stderr)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := db.Migrate(*path); err != nil {
		return err
	}
	fmt.Fprintln(stderr, "gerege: migrations applied to", *path)
	return nil
}

func maintenance(args []string, stdout, stderr io.Writer) error {
	fs, path := dbFlag("maintenance", args, stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, "Usage: gerege maintenance [--db FILE] on|off") }
	if err := fs.Parse(args); err != nil {
		return err
	}
	state := fs.Arg(0)
	if fs.NArg() != 1 || (state != "on" && state != "off") {
		fs.Usage()
		return errors.New("want on or off")
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
	if err := fs.Parse(args); err != nil {
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
