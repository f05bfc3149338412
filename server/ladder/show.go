package ladder

import (
	"context"
	"slices"

	"pbem/lang"
	"pbem/server/core"
	"pbem/store"
	"pbem/templates"
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

// Mail is v as the "ladder" mail shows it to player me (0 for no one),
// in t, text its first paragraph: a row a rung with the record, the open
// challenges under them, me's rung marked > and those within me's reach *.
func (v View) Mail(me int64, who string, text lang.Msg, t lang.Tag) templates.Ladder {
	mine := slices.Index(orderOf(v.Rungs), me)
	out := templates.Ladder{Player: who, Text: text.In(t), Mine: mine >= 0, Reach: v.Ladder.Reach}
	names := map[int64]string{}
	for i, r := range v.Rungs {
		row := templates.LadderRow{Rung: r.Rung, Name: nameOf(r), Wins: r.Wins, Draws: r.Draws, Losses: r.Losses}
		switch {
		case i == mine:
			row.Mark = ">"
		case mine > i && mine-i <= v.Ladder.Reach:
			row.Mark = "*"
		}
		names[r.PlayerID] = row.Name
		out.Width = max(out.Width, len([]rune(row.Name)))
		out.Rows = append(out.Rows, row)
	}
	for _, c := range v.Open {
		line := lang.T("Challenge %d: %s challenges %s, game %d going.", c.Challenge, names[c.Challenger], names[c.Defender], c.GameID)
		if c.Status == store.ChallengePending {
			line = lang.T("Challenge %d: %s challenges %s, to be accepted by %s.", c.Challenge, names[c.Challenger], names[c.Defender], core.WhenMsg(c.ExpiresAt))
		}
		out.Challenges = append(out.Challenges, line.In(t))
	}
	return out
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
