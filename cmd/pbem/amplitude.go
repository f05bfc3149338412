package main

import (
	"github.com/spf13/cobra"
)

// newAmplitudeCmd groups the commands about Amplitude alone.
func newAmplitudeCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "amplitude",
		Short: "Amplitude's formula judge",
		Long: `Commands about Amplitude, the scrabble of numbers: the judge that finds
the best formula for a line of digits, and the one that scores a formula
as written. --forbidden applies the optional forbidden-patterns rule
(game option forbidden=on).

Exit status: 0 with an answer; 1 when there is no formula, or the
formula is refused; 2 when the command line is wrong.`,
		Args:                  cobra.NoArgs,
		DisableFlagsInUseLine: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmd.Help()
		},
	}
	cmd.AddCommand(newAmplitudeFormulaCmd(), newAmplitudeCheckCmd())
	return cmd
}
