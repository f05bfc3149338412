package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"pbem/archive"
	"pbem/engine"
	"pbem/lang"
	"pbem/server"
	"pbem/server/core"
)

func newGameExportCmd(reg *engine.Registry) *cobra.Command {
	var format, output, language string
	cmd := &cobra.Command{
		Use:   "export ID [--format json|text|html] [--lang fr|en] [-o FILE]",
		Short: "Write a game's whole record: players, options, seed, every move, the result",
		Long: `Write a game's whole record: its players, options and seed, every move
with the text as sent, its canonical notation, score, events and time,
and the result.

--format json (the default) is the archive: versioned, described in
docs/archive.md, enough to rebuild the game anywhere and read back by
game import. --format text is the same for people. --format html is one
self-contained page to share (players by name, never by address; no
chat): the result, every move, and the board at each one, stepped
through with buttons or the arrow keys, every board readable without
JavaScript too, in the language --lang names (the server's by default).

The record goes to stdout, or with -o to FILE (written whole or not at
all).`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "json" && format != "text" && format != "html" {
				return exitWith(exitUsage, engine.Refuse("--format is json, text or html, not %q", format))
			}
			var tag lang.Tag
			if language != "" {
				var err error
				if tag, err = lang.Parse(language); err != nil {
					return exitWith(exitUsage, fmt.Errorf("--lang: %w", err))
				}
			}
			return withGame(cmd, reg, args[0], func(ctx context.Context, srv *server.Server, id int64) error {
				var buf bytes.Buffer
				if err := writeExport(ctx, &buf, srv, id, format, tag); err != nil {
					return err
				}
				if output == "" {
					_, err := cmd.OutOrStdout().Write(buf.Bytes())
					return err
				}
				return writeFileWhole(output, buf.Bytes())
			})
		},
	}
	cmd.Flags().StringVar(&format, "format", "json", "`json`, text or html")
	cmd.Flags().StringVarP(&output, "output", "o", "", "write to `FILE` instead of stdout")
	cmd.Flags().StringVar(&language, "lang", "", "the HTML page's `LANGUAGE`: fr or en; the server's by default")
	return cmd
}

// writeExport writes game id's record in format to w, a page in language
// tag ("" for the server's).
func writeExport(ctx context.Context, w io.Writer, srv *server.Server, id int64, format string, tag lang.Tag) error {
	switch format {
	case "html":
		page, err := srv.Records().ArchivePage(ctx, id, tag)
		if err != nil {
			return err
		}
		return archive.WriteHTML(w, page)
	case "json":
		rec, err := srv.Records().Archive(ctx, id)
		if err != nil {
			return err
		}
		return encodeJSON(w, rec)
	}
	snap, err := srv.Snapshot(ctx, id, -1)
	if err != nil {
		return err
	}
	writeExportText(w, archive.Build(snap.Game, snap.Moves, snap.State), snap)
	return nil
}

// writeFileWhole writes data to name through a temporary file in the same
// folder renamed over it, so that name is never left half written.
func writeFileWhole(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", name, err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", name, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	return nil
}

func writeExportText(w io.Writer, rec archive.Record, snap core.Snapshot) {
	fmt.Fprintf(w, "Game %d: %s, seed %d, %s.\n", rec.ID, snap.Kind.Name(), rec.Seed, rec.Status)
	if len(rec.Options) > 0 {
		fmt.Fprintf(w, "Options: %s.\n", strings.Join(archive.OptionPairs(rec.Options), " "))
	}
	fmt.Fprintf(w, "Created %s.\nPlayers:\n", rec.Created)
	for _, p := range rec.Players {
		who := p.Email
		if p.Bot {
			who = "computer"
		}
		fmt.Fprintf(w, "  %d. %s (%s)\n", p.Seat+1, safeLine(p.Name), safeLine(who))
	}
	fmt.Fprintln(w, "Moves:")
	for _, m := range rec.Moves {
		fmt.Fprintf(w, "  %d. %s: %s (%d) at %s", m.Number, safeLine(m.Player), safeLine(m.Notation), m.Score, m.Time)
		if m.Text != m.Notation {
			fmt.Fprintf(w, ", sent as %q", m.Text) // %q escapes what is not printable
		}
		fmt.Fprintln(w)
		for _, e := range m.Events {
			fmt.Fprintf(w, "     %s\n", safeLine(e))
		}
	}
	fmt.Fprintf(w, "Result: scores %v", rec.Result.Scores)
	if len(rec.Result.Winners) > 0 {
		fmt.Fprintf(w, ", won by %s", safeLine(strings.Join(rec.Result.Winners, " and ")))
	}
	if rec.Result.Ending != "" {
		fmt.Fprintf(w, "; %s", safeLine(rec.Result.Ending))
	}
	fmt.Fprintln(w, ".")
	fmt.Fprintln(w)
	fmt.Fprint(w, safeText(snap.State.Render(engine.View{Seat: -1, Names: core.Names(snap.Game)})))
}
