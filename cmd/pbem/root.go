package main

import (
	"github.com/spf13/cobra"

	"pbem/engine"
)

// newRootCmd builds the whole command tree over the games of reg.
func newRootCmd(reg *engine.Registry) *cobra.Command {
	root := &cobra.Command{
		Use:   "pbem",
		Short: "pbem plays board games by email",
		Long: `pbem plays board games by email: a daemon reads each player's reply,
applies the move to the game engine, stores the game and mails every
player the new board.

Today the engine and these commands exist: demo plays a whole game
between computer players in the terminal, and amplitude formula / check
are the judge of Amplitude's formulas. The --db and --config flags are
accepted for the store and daemon commands, which are not built yet;
no command reads them today.`,
		// Runs after the arguments were accepted: from here on an error is
		// the command's own, reported without the usage (see execute).
		PersistentPreRun: func(cmd *cobra.Command, args []string) {
			cmd.Root().SilenceUsage = true
			cmd.Root().SilenceErrors = true
		},
	}
	root.PersistentFlags().String("db", "pbem.db", "SQLite database `PATH` (for the store and daemon commands, not built yet: nothing reads it today)")
	root.PersistentFlags().String("config", "", "TOML configuration file `PATH`, default pbem.toml where present (for the daemon commands, not built yet: nothing reads it today)")
	root.AddCommand(newDemoCmd(reg), newAmplitudeCmd(), newGameCmd(reg), newServeCmd(reg), newIngestCmd(reg))
	return root
}
