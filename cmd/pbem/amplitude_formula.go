package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/engine/amplitude"
)

func newAmplitudeFormulaCmd() *cobra.Command {
	var forbidden bool
	cmd := &cobra.Command{
		Use:   "formula DIGITS",
		Short: "Print the best-scoring formula for a line of digits",
		Long: `Print the score and the best-scoring formula for a line of 3 to 11
digits 1 to 9, as the server chooses it for a pose written as bare digits:
the result is the digit at either end, the line may be read in either
direction, and the formula is written with full parentheses.

Exit status: 0 and "SCORE FORMULA" on stdout; 1 when no formula makes
the line true (a sentence on stderr); 2 when DIGITS is not a line of 3 to
11 digits 1 to 9.`,
		Example: "  pbem amplitude formula 34251          # 36 (1+5)×(2/4)=3\n  pbem amplitude formula 98917 --forbidden",
		Args:    cobra.MinimumNArgs(1),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			digits := strings.Join(args, " ")
			score, formula, ok, err := amplitude.BestFormula(digits, forbidden)
			switch {
			case err != nil && engine.IsRefusal(err):
				return exitWith(exitUsage, err)
			case err != nil:
				return exitWith(exitNo, err)
			case !ok && forbidden:
				return exitWith(exitNo, fmt.Errorf("no formula that the forbidden-patterns rule allows makes %s a true equation", digits))
			case !ok:
				return exitWith(exitNo, fmt.Errorf("no formula makes %s a true equation", digits))
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%d %s\n", score, formula)
			return nil
		},
	}
	cmd.Flags().BoolVar(&forbidden, "forbidden", false, "apply the optional forbidden-patterns rule (game option forbidden=on)")
	return cmd
}
