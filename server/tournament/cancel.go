package tournament

import (
	"context"
	"errors"
	"strconv"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/store"
)

// A tournament a club gives up is cancelled: by the operator whether it
// signs up or runs (pbem tournament cancel), by the player who made it
// while it signs up (tournament cancel ID by mail). Its status becomes
// cancelled with a notice to every person in it, in one transaction, so
// each is told once; then its games going on are aborted through the
// server's Abort, whose hook finds the tournament over and pairs nothing.

// Cancel cancels tournament id at the operator's word and returns it as
// it stands after. A tournament cancelled already has the games a crash
// left going on aborted, and no one told again.
func (ts Tournaments) Cancel(ctx context.Context, id int64) (store.Tournament, error) {
	t, err := ts.load(ctx, id)
	if err != nil {
		return t, err
	}
	switch t.Status {
	case store.TournamentSignup, store.TournamentRunning:
		text := lang.T("Tournament %d (%s, %s) is cancelled by the server's operator: its games going on are stopped, and it ends here.", id, ts.gameName(t), FormatMsg(t))
		if err := ts.cancel(ctx, t, text, 0, nil, nil); err != nil {
			return t, err
		}
	case store.TournamentCancelled:
	default:
		return t, engine.Refuse("tournament %d is %s: there is nothing to cancel", id, StatusWord(t.Status))
	}
	if err := ts.abortGames(ctx, t); err != nil {
		return t, err
	}
	return ts.Store.Tournament(ctx, id)
}

// cancelByMail cancels tournament id for player pid, who made it, while
// it signs up, and answers them; the others in it are told.
func (ts Tournaments) cancelByMail(ctx context.Context, in store.Inbound, m parser.Mail, id, pid int64) error {
	t, err := ts.load(ctx, id)
	if err != nil {
		return err
	}
	if t.CreatedBy != pid {
		return engine.Refuse("only the player who made tournament %d, or the operator, may cancel it", id)
	}
	if t.Status != store.TournamentSignup {
		return engine.Refuse("tournament %d is %s: once it has started, only the operator may cancel it", id, StatusWord(t.Status))
	}
	maker := ""
	for _, e := range t.Entrants {
		if e.PlayerID == pid {
			maker = publicName(e)
		}
	}
	text := lang.T("Tournament %d (%s, %s) is cancelled by %s, who made it, before it started.", id, ts.gameName(t), FormatMsg(t), maker)
	done := lang.T("You cancelled tournament %d; the others in it are told.", id)
	answer, err := ts.Core.LobbyNotice(ctx, m.From, lang.T("tournament %d", id), done, m)
	if err != nil {
		return err
	}
	in.Outcome, in.Detail = store.Applied, "tournament cancel "+strconv.FormatInt(id, 10)
	return ts.cancel(ctx, t, text, pid, &in, []store.OutMail{answer})
}

// cancel moves t from its status to cancelled with text to every person
// in it (joined or invited) but player skip, whose mail in (nil for none)
// is recorded with it and answered by answers, in one transaction.
func (ts Tournaments) cancel(ctx context.Context, t store.Tournament, text lang.Msg, skip int64, in *store.Inbound, answers []store.OutMail) error {
	mails := answers
	for _, e := range t.Entrants {
		if e.Bot != "" || e.PlayerID == skip {
			continue
		}
		m, err := ts.Core.LobbyNotice(ctx, e.Email, lang.T("tournament %d is cancelled", t.ID), text, parser.Mail{})
		if err != nil {
			return err
		}
		mails = append(mails, m)
	}
	err := ts.Store.EndTournamentFor(ctx, t.ID, t.Status, store.TournamentCancelled, in, mails)
	if errors.Is(err, store.ErrConflict) {
		return ts.conflict(err, t.ID)
	}
	return err
}

// abortGames aborts the games of t's tables going on; a game over
// meanwhile is no error.
func (ts Tournaments) abortGames(ctx context.Context, t store.Tournament) error {
	for _, tt := range t.Tables {
		if tt.GameID == 0 || tt.Done() {
			continue
		}
		if err := ts.Core.Abort(ctx, tt.GameID); err != nil && !engine.IsRefusal(err) {
			return err
		}
	}
	return nil
}
