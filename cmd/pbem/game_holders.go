package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"pbem/archive"
)

// writeHolders lists, after a game's history, who held each seat that
// changed hands and from which move: the history's PLAYER column names
// the holder of each move, this says when and why the seat passed.
func writeHolders(out io.Writer, holders []archive.Holder) error {
	if len(holders) == 0 {
		return nil
	}
	fmt.Fprintln(out, "\nSeats that changed hands:")
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "SEAT\tFROM MOVE\tHOLDER\tWHY\tTIME")
	for _, h := range holders {
		who := h.Email
		switch {
		case h.Bot != "":
			who = h.Bot + " (computer)"
		case who == "":
			who = "nobody (on offer)"
		}
		fmt.Fprintf(w, "%d\t%d\t%s\t%s\t%s\n", h.Seat+1, h.FromMove+1, safeLine(who), h.Why, h.Time)
	}
	return w.Flush()
}
