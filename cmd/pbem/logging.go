package main

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"pbem/server"
	"pbem/store"
)

// choice is a flag whose value is one of a few words, refused at parse
// time otherwise (a usage error, exit status 2), whichever command runs.
type choice struct {
	value string
	words []string
}

func (c *choice) String() string { return c.value }
func (c *choice) Type() string   { return "string" }

func (c *choice) Set(v string) error {
	v = strings.ToLower(v)
	if !slices.Contains(c.words, v) {
		return fmt.Errorf("it is one of %s", strings.Join(c.words, ", "))
	}
	c.value = v
	return nil
}

// addLogFlags gives root the flags of the log every command that logs
// (serve, ingest) writes on stderr.
func addLogFlags(root *cobra.Command) {
	root.PersistentFlags().Var(&choice{value: "text", words: []string{"text", "json"}}, "log-format",
		"the log's `FORMAT` on stderr: text (key=value) or json (one object a line)")
	root.PersistentFlags().Var(&choice{value: "info", words: []string{"debug", "info", "warn", "error"}}, "log-level",
		"the least `LEVEL` logged: debug, info, warn or error")
}

// logger is the log on stderr as --log-format and --log-level say, the
// reply tokens in it redacted.
func logger(cmd *cobra.Command) *slog.Logger {
	opts := &slog.HandlerOptions{}
	switch cmd.Flag("log-level").Value.String() {
	case "debug":
		opts.Level = slog.LevelDebug
	case "warn":
		opts.Level = slog.LevelWarn
	case "error":
		opts.Level = slog.LevelError
	}
	var h slog.Handler = slog.NewTextHandler(cmd.ErrOrStderr(), opts)
	if cmd.Flag("log-format").Value.String() == "json" {
		h = slog.NewJSONHandler(cmd.ErrOrStderr(), opts)
	}
	return slog.New(redacting{h})
}

// logHandled is a server.Config.Report writing one line per mail handled:
// its Message-ID, sender, game, outcome, the reason in words and the
// milliseconds it took. Tokens are redacted by the server already.
func logHandled(log *slog.Logger) func(server.Handled) {
	return func(h server.Handled) {
		level := slog.LevelInfo
		switch h.Outcome {
		case server.Deferred:
			level = slog.LevelWarn
		case store.Failed:
			level = slog.LevelError
		}
		log.Log(context.Background(), level, "mail handled", "message_id", h.MessageID, "from", h.From, "game", h.Game,
			"outcome", h.Outcome, "reason", h.Reason, "ms", float64(h.Took.Microseconds())/1000)
	}
}

// moduleVersion is the binary's module version and VCS revision, as the
// start line tells them: "(devel) rev 1a2b3c4d5e6f" for a build from a
// checkout, "v1.2.0" for go install …@v1.2.0.
func moduleVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	for _, s := range info.Settings {
		switch {
		case s.Key == "vcs.revision":
			v += " rev " + s.Value[:min(12, len(s.Value))]
		case s.Key == "vcs.modified" && s.Value == "true":
			v += " (modified)"
		}
	}
	return v
}
