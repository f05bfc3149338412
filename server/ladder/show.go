package ladder

import (
	"context"
	"fmt"
	"strings"

	"pbem/lang"
	"pbem/server/core"
	"pbem/store"
)

// View is a ladder as it stands: its players from the top down and its
// open challenges.
type View struct {
	Ladder store.Ladder
	Rungs  []store.Rung
	Open   []store.LadderChallenge
}

// Show reads ladder l as it stands.
func (ls Ladders) Show(ctx context.Context, l store.Ladder) (View, error) {
	rungs, err := ls.Store.Rungs(ctx, l.ID)
	if err != nil {
		return View{}, err
	}
	open, err := ls.Store.OpenLadderChallenges(ctx, l.ID)
	if err != nil {
		return View{}, err
	}
	return View{Ladder: l, Rungs: rungs, Open: open}, nil
}

// Table is v as a mail shows it to player me (0 for no one): a line a
// rung with the record, the open challenges under it, the rungs within
// me's reach marked *, me's marked >.
func (v View) Table(me int64, t lang.Tag) string {
	if len(v.Rungs) == 0 {
		return lang.T("No one is on this ladder yet.").In(t)
	}
	mine := indexOf(orderOf(v.Rungs), me)
	width := 6
	for _, r := range v.Rungs {
		width = max(width, len([]rune(nameOf(r))))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "    %s  %-*s  %s\n", lang.T("rung").In(t), width, lang.T("player").In(t), lang.T("won drawn lost").In(t))
	for i, r := range v.Rungs {
		mark := " "
		switch {
		case i == mine:
			mark = ">"
		case mine > i && mine-i <= v.Ladder.Reach:
			mark = "*"
		}
		name := nameOf(r)
		fmt.Fprintf(&b, "%s %6d  %s%s  %3d %5d %4d\n", mark, r.Rung, name, strings.Repeat(" ", width-len([]rune(name))), r.Wins, r.Draws, r.Losses)
	}
	names := map[int64]string{}
	for _, r := range v.Rungs {
		names[r.PlayerID] = nameOf(r)
	}
	for _, c := range v.Open {
		var line lang.Msg
		if c.Status == store.ChallengePending {
			line = lang.T("Challenge %d: %s challenges %s, to be accepted by %s.", c.Challenge, names[c.Challenger], names[c.Defender], core.WhenMsg(c.ExpiresAt))
		} else {
			line = lang.T("Challenge %d: %s challenges %s, game %d going.", c.Challenge, names[c.Challenger], names[c.Defender], c.GameID)
		}
		b.WriteString("\n" + line.In(t))
	}
	if mine >= 0 {
		b.WriteString("\n\n" + lang.T("> is you; * the players you may challenge (up to %d rungs above you).", v.Ladder.Reach).In(t))
	}
	return strings.TrimRight(b.String(), "\n")
}

// Summary is one line on ladder l for the list of ladders, with rungs
// its players: its game, players, reach, answer time and options, and
// me's rung when me is on it.
func (ls Ladders) Summary(l store.Ladder, rungs []store.Rung, me int64) lang.Msg {
	line := lang.Plural(len(rungs), "%s (ladder %s): %d player; challenges up to %d rungs up, to be accepted within %s; options: %s.",
		"%s (ladder %s): %d players; challenges up to %d rungs up, to be accepted within %s; options: %s.",
		ls.gameName(l), l.Game, len(rungs), l.Reach, duration(l.Answer), optionsText(l.Options))
	if r := rungOf(rungs, me); r != nil {
		return lang.T("%s You are on rung %d.", line, r.Rung)
	}
	return line
}

// List reads every ladder as it stands, by game.
func (ls Ladders) List(ctx context.Context) ([]View, error) {
	ladders, err := ls.Store.Ladders(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]View, 0, len(ladders))
	for _, l := range ladders {
		v, err := ls.Show(ctx, l)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}
