package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"pbem/archive"
	"pbem/engine"
	"pbem/server"
)

func newGameImportCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "import FILE",
		Short: "Recreate a game from its JSON export, under a new ID",
		Long: `Recreate a game from the JSON that game export wrote (FILE, or - for
stdin): a new game with the same type, options, seed and seats (players
by their addresses, created when new), every move replayed through the
engine from its notation, keeping the text sent, the times and the
result, so that game verify passes on it. Prints the new game's ID.

A file whose moves do not replay is refused, naming the first move that
does not and why, as is a file in a format this pbem does not read
(docs/archive.md); nothing is stored then.

Importing sends no mail and plays no computer move. A game that goes on
waits for its player to move (pbem game move, or a mail: its reply
addresses are new, and its next mail gives them); ratings do not change.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rec, err := readArchive(cmd, args[0])
			if err != nil {
				return err
			}
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				id, err := srv.Records().Import(ctx, rec)
				if err != nil {
					return err
				}
				fmt.Fprintln(cmd.OutOrStdout(), id)
				return nil
			})
		},
	}
}

// readArchive reads the record in file, or stdin for "-".
func readArchive(cmd *cobra.Command, file string) (archive.Record, error) {
	var r io.Reader = cmd.InOrStdin()
	if file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return archive.Record{}, exitWith(exitNo, fmt.Errorf("open the archive: %w", err))
		}
		defer f.Close()
		r = f
	}
	rec, err := archive.Read(r)
	if err != nil {
		return archive.Record{}, exitWith(exitNo, fmt.Errorf("%s: %w", file, err))
	}
	return rec, nil
}
