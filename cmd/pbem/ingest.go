package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/mailer"
	"pbem/server"
)

func newIngestCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "ingest [FILE|-]",
		Short: "Handle one raw mail, as an MTA pipe delivers it",
		Long: `Handle one raw RFC 5322 mail from FILE, or standard input when FILE is
"-" or missing, through the same path as the daemon: exactly once, the
sender checked against the game's seat, the commands applied, the answers
queued in the outbox. Prints "processed" or "rejected" (where the daemon
would file the mail). The queued mails are sent by pbem serve.

Exit status: 0 once the mail is handled, whatever its verdict; 75
(EX_TEMPFAIL) when it could not be handled now (the database busy or
unreadable), so that the MTA delivers it again later.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			in := cmd.InOrStdin()
			if len(args) == 1 && args[0] != "-" {
				f, err := os.Open(args[0])
				if err != nil {
					return exitWith(exitNo, err)
				}
				defer f.Close()
				in = f
			}
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				raw, err := io.ReadAll(io.LimitReader(in, 64<<20))
				if err != nil {
					return fmt.Errorf("read the mail: %w", err)
				}
				verdict, err := srv.HandleMail(ctx, raw)
				if err != nil {
					return exitWith(exitTempFail, err)
				}
				if verdict == mailer.Rejected {
					fmt.Fprintln(cmd.OutOrStdout(), "rejected")
				} else {
					fmt.Fprintln(cmd.OutOrStdout(), "processed")
				}
				return nil
			})
		},
	}
}
