package lobby

import (
	"pbem/server/core"

	"context"
	"errors"
	"fmt"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/store"
)

// Signing off is leaving the server: no new game, no invitation, and no
// more mail. The player chooses, in the confirmation, what becomes of the
// games they have going: resign them all (the other players are told, as
// for any resignation), or keep them and play them to the end, their
// mail still coming. Without games going, or once they are resigned, the
// address is silenced as by stop (store.Silence): nothing more is mailed
// to it, until it signs up again. A player who keeps their games is not
// silenced (their games' mail must reach them) but can start none.

// askSignoff asks the sender to confirm their sign-off, and what becomes
// of their games.
func (lb Lobby) askSignoff(ctx context.Context, in *store.Inbound, m parser.Mail, from string) error {
	p, err := lb.Core.PlayerOf(ctx, from)
	if err != nil {
		return err
	}
	games, err := lb.Store.ActiveGamesOf(ctx, p.ID)
	if err != nil {
		return err
	}
	text := lang.T("Someone, probably you, asked that %s sign off from this game server: no new game and no more mail.\n\nTo sign off, reply to this mail: your reply needs no text. Or write to %s the line\n\n    confirm %%s", p.Email, lb.Core.Address())
	if len(games) > 0 {
		text = lang.T("Someone, probably you, asked that %s sign off from this game server: no new game and no more mail. You have %s going (%s).\n\nTo resign them all and sign off, reply to this mail with the word resign, or write to %s the line\n\n    confirm %%[1]s resign\n\nTo play them to the end first (their mail still comes), reply with the word keep, or write\n\n    confirm %%[1]s keep",
			p.Email, gamesCount(len(games)), gameList(games), lb.Core.Address())
	}
	text = lang.T("%s\n\n%s", text, lang.T("If you did not ask for it, ignore this mail: nothing happens without your reply."))
	in.Detail = "signoff: confirmation sent to " + p.Email
	return lb.askConfirmation(ctx, in, m, store.Confirmation{Kind: store.ConfirmSignoff, Address: p.Email, PlayerID: p.ID}, lang.T("pbem: confirm your sign-off"), text)
}

// gamesCount is "1 game", "2 games".
func gamesCount(n int) lang.Msg {
	return lang.Plural(n, "%d game", "%d games", n)
}

// gameList is games as "game 3, game 7".
func gameList(games []int64) lang.Msg {
	names := make([]lang.Msg, len(games))
	for i, id := range games {
		names[i] = lang.T("game %d", id)
	}
	return lang.T("%s", core.Joined{Msgs: names, Sep: ", "})
}

// confirmSignoff signs the player of c off, resigning or keeping their
// games as choice says.
func (lb Lobby) confirmSignoff(ctx context.Context, in *store.Inbound, m parser.Mail, hash string, c store.Confirmation, choice string) error {
	games, err := lb.Store.ActiveGamesOf(ctx, c.PlayerID)
	if err != nil {
		return err
	}
	if len(games) > 0 && choice != choiceResign && choice != choiceKeep {
		return engine.Refuse("you have %s going: reply to the confirmation with the word resign (to resign them) or keep (to play them to the end)", gamesCount(len(games)))
	}
	text, err := lb.signOff(ctx, c.PlayerID, choice == choiceResign, hash, in, m)
	in.Detail += ": " + text
	return usedOrExpired(err)
}

// signOff signs player pid off: their running games resigned when resign
// is set, else kept. Resigning comes first, so that a crash between the
// two leaves a sign-off to confirm again rather than games never
// resigned. It returns what was done, in words.
func (lb Lobby) signOff(ctx context.Context, pid int64, resign bool, token string, in *store.Inbound, m parser.Mail) (string, error) {
	p, err := lb.Store.Player(ctx, pid)
	if err != nil {
		return "", err
	}
	games, err := lb.Store.ActiveGamesOf(ctx, pid)
	if err != nil {
		return "", err
	}
	if token != "" {
		// Checked before resigning: a used or expired token resigns nothing.
		if c, err := lb.Store.ConfirmationOf(ctx, token); err != nil || c.Used || !lb.Core.Now().Before(c.Expires) {
			if err == nil || errors.Is(err, store.ErrNotFound) {
				err = store.ErrConflict
			}
			return "", err
		}
	}
	done := "no games going"
	if len(games) > 0 {
		done = fmt.Sprintf("kept %s", gameList(games)) // the operator's, in English
	}
	if resign && len(games) > 0 {
		for _, id := range games {
			if err := lb.Core.ResignSigningOff(ctx, id, p.Email); err != nil && !engine.IsRefusal(err) {
				return "", fmt.Errorf("resign game %d of %s: %w", id, p.Email, err)
			}
		}
		done = fmt.Sprintf("resigned %s", gameList(games))
	}
	silence := ""
	text := lang.T("You have signed off from this game server: no new game, and no more mail. To come back, write signup YOUR NAME to %s.", lb.Core.Address())
	if resign || len(games) == 0 {
		silence = parser.BaseAddress(p.Email)
	} else {
		text = lang.T("You have signed off from this game server: no new game. What you have going (%s) goes on, with its mail, to the end; after that no more mail comes. To come back, write signup YOUR NAME to %s.", gameList(games), lb.Core.Address())
	}
	var mails []store.OutMail
	if in != nil {
		reply, err := lb.Notice(ctx, m.From, lang.T("you have signed off"), text, m)
		if err != nil {
			return "", err
		}
		mails = append(mails, reply)
	}
	if _, err = lb.Store.ChangeAccount(ctx, store.AccountChange{PlayerID: pid, SignOff: true, Token: token, Silence: silence, Inbound: in, Mails: mails}); err != nil {
		return done, err
	}
	lb.Core.SignedOff(ctx, pid) // off the ladders, out of the tournaments
	return done, nil
}
