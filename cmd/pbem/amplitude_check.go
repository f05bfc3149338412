package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"pbem/engine/amplitude"
)

func newAmplitudeCheckCmd() *cobra.Command {
	var forbidden bool
	cmd := &cobra.Command{
		Use:   "check FORMULA",
		Short: "Print the score of a formula as written, or why it is refused",
		Long: `Check a formula as a player writes it and print its score: every - and /
counts as +, × and the parentheses stay, the result digit is dropped.
Operators + - × x * / ÷ :, brackets ( ) [ ], juxtaposition multiplies
((34)/2-5=1 is (3×4)/2-5=1); spaces are ignored. Quote the formula for
the shell, and put -- before a formula that starts with a -.

Exit status: 0 and the score on stdout; 1 when the formula is refused
(unreadable, false, or a forbidden pattern with --forbidden), with the
reason on stderr; 2 when the command line is wrong.`,
		Example: "  pbem amplitude check '(34)/2-5=1'      # 19\n  pbem amplitude check '[9-8]7=7' --forbidden",
		Args:    cobra.MinimumNArgs(1),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			score, err := amplitude.CheckFormula(strings.Join(args, " "), forbidden)
			if err != nil {
				return exitWith(exitNo, err)
			}
			fmt.Fprintln(cmd.OutOrStdout(), score)
			return nil
		},
	}
	cmd.Flags().BoolVar(&forbidden, "forbidden", false, "apply the optional forbidden-patterns rule (game option forbidden=on)")
	return cmd
}
