package main

import (
	"runtime/debug"

	"github.com/spf13/cobra"

	"pbem/engine"
)

// newRootCmd builds the whole command tree over the games of reg.
func newRootCmd(reg *engine.Registry) *cobra.Command {
	root := &cobra.Command{
		Use:   "pbem",
		Short: "pbem plays board games by email",
		Long: `pbem plays board games by email: the daemon (serve) reads each
player's reply over IMAP, applies the move to the game engine exactly once,
stores the game and its whole history in SQLite, and mails every player the
new board and their own rack over SMTP.

Operators create and manage games with the game commands; demo plays a whole
game by mail with nothing to set up; amplitude formula / check judge
Amplitude formulas; bot match measures the computer players.`,
		// Runs after the arguments were accepted: from here on an error is
		// the command's own, reported without the usage (see execute).
		PersistentPreRun: func(cmd *cobra.Command, args []string) {
			cmd.Root().SilenceUsage = true
			cmd.Root().SilenceErrors = true
		},
	}
	root.Version = readBuildInfo(debug.ReadBuildInfo()).short()
	root.SetVersionTemplate("pbem {{.Version}}\n")
	root.PersistentFlags().String("db", "pbem.db", "the SQLite database `PATH`")
	root.PersistentFlags().String("config", "", "the TOML configuration file `PATH` (default pbem.toml, where present); the environment overrides it")
	addLogFlags(root)
	root.AddCommand(newDemoCmd(reg), newAmplitudeCmd(), newGameCmd(reg), newServeCmd(reg), newIngestCmd(reg), newPlayerCmd(reg))
	root.AddCommand(newRatingsCmd(reg))
	root.AddCommand(newDeadlinesCmd(reg))
	root.AddCommand(newStatusCmd(reg), newMailCmd(reg), newOutboxCmd(reg))
	root.AddCommand(newDoctorCmd(), newCheckCmd())
	root.AddCommand(newInitCmd(reg))
	root.AddCommand(newVersionCmd())
	root.AddCommand(newBackupCmd())
	root.AddCommand(newChallengeCmd(reg))
	root.AddCommand(newLadderCmd(reg))
	root.AddCommand(newBotCmd(reg))
	root.AddCommand(newTournamentCmd(reg))
	return root
}
