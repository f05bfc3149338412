package digest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/emersion/go-message/mail"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
	"pbem/templates"
)

// A player who chose mail digest HH:MM gets, instead of a mail for every
// move, one mail a day at that time listing every game where it is their
// turn. The digest comes from the server's address with a reply address
// of its own, LOCAL+digest-PLAYER-TOKEN@DOMAIN, whose token only the
// server's key makes; a reply to it plays its lines "game 12: #7 …", each
// game as a reply to that game's own mail would.

// Send sends player pid's digest due by now, if it is still due: the
// games where it is their turn, in one mail, none when no game waits for
// them; either way the next is due at their time tomorrow. It is written
// only if nobody did it meanwhile, so that two processes never send it
// twice. sent says a mail went, moved that the digest's time moved on.
func (dg Digests) Send(ctx context.Context, pid int64, now time.Time) (sent, moved bool, err error) {
	p, err := dg.Store.Player(ctx, pid)
	if err != nil {
		return false, false, err
	}
	if p.Mail != store.MailDigest || p.NextDigest.IsZero() || p.NextDigest.After(now) {
		return false, false, nil // done meanwhile
	}
	waiting, err := dg.waitingFor(ctx, pid)
	if err != nil {
		return false, false, err
	}
	d := store.Digest{PlayerID: pid, Was: p.NextDigest, Next: core.NextDigest(p.DigestAt, now)}
	if len(waiting) > 0 {
		m, err := dg.digestMail(ctx, p, waiting)
		if err != nil {
			return false, false, err
		}
		d.Mails = []store.OutMail{m}
	}
	err = dg.Store.SendDigest(ctx, d)
	if errors.Is(err, store.ErrConflict) {
		return false, false, nil // another process did it
	}
	return err == nil && len(d.Mails) > 0, err == nil, err
}

// waiting is a game where it is a player's turn, with their seat.
type waiting struct {
	l    core.Game
	seat int
}

// waitingFor lists the active games where it is player pid's turn.
func (dg Digests) waitingFor(ctx context.Context, pid int64) ([]waiting, error) {
	ids, err := dg.Store.ActiveGamesOf(ctx, pid)
	if err != nil {
		return nil, err
	}
	var out []waiting
	for _, id := range ids {
		l, err := dg.Core.Load(ctx, id)
		if err != nil {
			return nil, err
		}
		if seat := core.SeatOfPlayer(l.Row, pid); seat >= 0 && !l.State.Over() && l.State.ToMove() == seat {
			out = append(out, waiting{l: l, seat: seat})
		}
	}
	return out, nil
}

// digestMail is player p's digest of the games waiting for them: each
// with its board as they see it, its deadline, and its own reply address;
// the whole answered at the digest's reply address. Its Message-ID names
// the player and the time it was due, the same however often it is
// composed.
func (dg Digests) digestMail(ctx context.Context, p store.Player, games []waiting) (store.OutMail, error) {
	key, err := dg.Core.DigestKey(ctx)
	if err != nil {
		return store.OutMail{}, err
	}
	token := mailer.DigestToken(key, p.ID, p.TokenGen)
	reply, err := mailer.DigestAddress(dg.Core.Address(), p.ID, token)
	if err != nil {
		return store.OutMail{}, err
	}
	tag := dg.Core.Chosen(p.Lang)
	data := templates.Digest{Player: core.Label(p), At: core.TimeOfDay(p.DigestAt), Example: core.PlayLine(games[0].l.Row, games[0].l.Kind).In(tag)}
	var pics []core.Picture
	for _, w := range games {
		g := w.l.Row
		seat := g.Seats[w.seat]
		gameReply, err := mailer.ReplyAddress(dg.Core.Address(), g.ID, mailer.Token(g.Secret, g.ID, seat.Seat, seat.TokenGen))
		if err != nil {
			return store.OutMail{}, err
		}
		view := engine.View{Seat: seat.Seat, Names: core.Names(g), Lang: tag}
		one := templates.DigestGame{
			Game: w.l.Kind.Name(), GameID: g.ID, MoveNumber: core.NextTurn(g, nil),
			Stopped: g.Clock.Left > 0 && g.Clock.Held == "", ReplyTo: gameReply,
		}
		one.Board, one.Flow = core.Rendered(w.l.State, view)
		pic := dg.Core.Picture(g, w.l.Kind, seat, w.l.State, view)
		one.Picture, one.PictureWidth = pic.CID(), pic.Width()
		pics = append(pics, pic)
		if !g.Clock.Deadline.IsZero() {
			one.Deadline = core.WhenIn(g.Clock.Deadline, tag)
		}
		data.Games = append(data.Games, one)
	}
	text, html, err := dg.Core.Render("digest", tag, data, nil)
	if err != nil {
		return store.OutMail{}, fmt.Errorf("mail digest to %s: %w", p.Email, err)
	}
	subject := lang.Plural(len(games), "pbem: your turn in %d game", "pbem: your turn in %d games", len(games))
	if len(games) == 1 {
		subject = lang.T("pbem: your turn in %s, game %d", games[0].l.Kind.Name(), games[0].l.Row.ID)
	}
	id := mailer.DigestID(p.ID, token, p.NextDigest, dg.Core.Domain())
	return dg.Core.OutMail(mailer.Message{
		From: mail.Address{Name: "pbem", Address: dg.Core.Address()}, To: mail.Address{Name: p.Name, Address: p.Email}, ReplyTo: reply,
		Subject: subject.In(tag), MessageID: id, Date: dg.Core.Now(), Text: text, HTML: html,
	}, pics...)
}

// noGameNamed is the answer to a reply to a digest that names no game.
// It shows a line of one of the player's games (playExample).
const noGameNamed = "Your reply to the digest named no game, so nothing was played. Write each move on a line of its own, after the game it is for, as in %s, and send it to the digest's reply address."

// Reply handles m, a reply to player pid's digest carrying token:
// the token must be the player's and the sender one of their addresses,
// else it is a stranger's. Its lines "game N: …" are grouped by game and
// each game's run as a mail to that game would: under the game's lock, in
// a transaction of its own, recorded as an inbound mail of its own keyed
// by the mail's key and the game, so that one game's refusal undoes no
// other's move and a redelivered reply plays nothing twice. The reply
// itself is recorded last.
func (dg Digests) Reply(ctx context.Context, in store.Inbound, m parser.Mail, pid int64, token string) (mailer.Verdict, error) {
	key, err := dg.Core.DigestKey(ctx)
	if err != nil {
		return mailer.Rejected, err
	}
	p, err := dg.Store.Player(ctx, pid)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return mailer.Rejected, err
	}
	ok, revoked := mailer.CheckDigestToken(key, pid, p.TokenGen, token)
	if revoked && err == nil {
		return mailer.Rejected, dg.revokedDigest(ctx, in, p, m.From)
	}
	if !ok || err != nil {
		return mailer.Rejected, dg.Core.Stranger(ctx, in, m, 0, fmt.Sprintf("no valid digest token for player %d", pid), lang.T(core.NotYours))
	}
	from, err := dg.Store.PlayerID(ctx, parser.CanonicalAddress(m.From))
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return mailer.Rejected, err
	}
	if from != pid {
		return mailer.Rejected, dg.Core.Stranger(ctx, in, m, 0, fmt.Sprintf("%s is not an address of player %d, whose digest it answers", m.From, pid), lang.T(core.NotYours))
	}
	blocks, err := parser.GameBlocks(m.Text)
	if engine.IsRefusal(err) {
		text := lang.T("Nothing was played. %s", core.RefusalSentence(err))
		var lr *parser.LineRefusal
		if errors.As(err, &lr) {
			text = lang.T("Nothing was played: your line %q was refused. %s", lr.Written, core.RefusalSentence(lr.Err))
		}
		return mailer.Rejected, dg.digestAnswer(ctx, in, m, pid, store.Refused, err.Error(), text)
	}
	if err != nil {
		return mailer.Rejected, err
	}
	if len(blocks) == 0 {
		if ctl := parser.ControlCommands(m.Text); len(ctl) > 0 {
			v, _, err := dg.Core.Control(ctx, in, m, ctl, true) // stop, from the digest's reader: its token proves them
			return v, err
		}
		example, err := dg.Core.PlayExample(ctx, pid)
		if err != nil {
			return mailer.Rejected, err
		}
		return mailer.Accepted, dg.digestAnswer(ctx, in, m, pid, store.Ignored, "a digest reply naming no game: answered how to write one, at most once an hour", lang.T(noGameNamed, example))
	}
	verdict := mailer.Rejected
	var done []string
	for _, b := range blocks {
		one := in
		one.Key = fmt.Sprintf("%s|game %d", in.Key, b.Game)
		v, err := dg.digestGame(ctx, one, m, pid, b)
		if err != nil {
			return mailer.Rejected, err
		}
		if v == mailer.Accepted {
			verdict = mailer.Accepted
		}
		outcome, _, err := dg.Store.InboundOutcome(ctx, one.Key)
		if err != nil {
			return mailer.Rejected, err
		}
		done = append(done, fmt.Sprintf("game %d %s", b.Game, outcome))
	}
	in.Outcome, in.Detail = store.Applied, "digest reply: "+strings.Join(done, ", ")
	if verdict != mailer.Accepted {
		in.Outcome = store.Refused
	}
	return verdict, dg.Core.Ignore(ctx, in, 0)
}

// revokedDigest records a reply to one of player p's digests whose reply
// address a rekey replaced, and tells p — at their registered address,
// never the sender's, who may be whoever the old address leaked to — at
// most once a day.
func (dg Digests) revokedDigest(ctx context.Context, in store.Inbound, p store.Player, from string) error {
	in.Outcome, in.Detail = store.Rejected, fmt.Sprintf("a revoked digest token of player %d, from %s", p.ID, from)
	told, err := dg.Core.LobbyNotice(ctx, p.Email, lang.T("a mail with an old reply address"),
		lang.T("A mail from %s came to the reply address of one of your digests that a rekey replaced: nothing was played. If it was not you, someone has seen one of your digests; the new ones carry a new address.", from), parser.Mail{})
	if err != nil {
		return err
	}
	return dg.Store.RecordInbound(ctx, store.Record{Inbound: &in, Limited: &store.LimitedMail{Mail: told, Limits: []store.Limit{
		{Key: fmt.Sprintf("revoked-digest:%d", p.ID), Every: core.StrangerEvery},
	}}})
}

// digestGame runs block b of a reply to player pid's digest in its game,
// recorded as in, once: a copy handled before changes nothing. The
// computer seats to move then play.
func (dg Digests) digestGame(ctx context.Context, in store.Inbound, m parser.Mail, pid int64, b parser.GameBlock) (mailer.Verdict, error) {
	if seen, err := dg.Store.InboundSeen(ctx, in.Key); err != nil || seen {
		return mailer.Accepted, err
	}
	v, err := func() (mailer.Verdict, error) {
		defer dg.Core.Lock(b.Game)()
		return core.Retried(func() (mailer.Verdict, error) {
			l, err := dg.Core.Load(ctx, b.Game)
			if engine.IsRefusal(err) {
				return mailer.Rejected, dg.Core.Stranger(ctx, in, m, 0, fmt.Sprintf("a digest reply names game %d, which is not on this server", b.Game), lang.T(core.NotYours))
			}
			if err != nil {
				return mailer.Rejected, err
			}
			seat := core.SeatOfPlayer(l.Row, pid)
			if seat < 0 {
				return mailer.Rejected, dg.Core.Stranger(ctx, in, m, b.Game, fmt.Sprintf("a digest reply names game %d, where player %d has no seat", b.Game, pid), lang.T(core.NotYours))
			}
			return dg.Core.HandleSeat(ctx, in, m, l, seat, b.Text)
		})
	}()
	if errors.Is(err, store.ErrDuplicate) {
		return mailer.Accepted, nil // another process handled this copy
	}
	if err != nil {
		return v, err
	}
	if err := dg.Core.RunBots(ctx, b.Game); err != nil && !engine.IsRefusal(err) {
		return v, err
	}
	return v, nil
}

// digestAnswer records a reply to player pid's digest that played nothing
// (outcome, why, for the operator) and answers its sender with text, at
// most once an hour, so that an auto-responder cannot loop with it.
func (dg Digests) digestAnswer(ctx context.Context, in store.Inbound, m parser.Mail, pid int64, outcome, why string, text lang.Msg) error {
	p, err := dg.Store.Player(ctx, pid)
	if err != nil {
		return err
	}
	tag := dg.Core.Chosen(p.Lang)
	answer, err := dg.Core.ComposeTo(ctx, tag, m.From, "notice", lang.T("pbem: your reply to the digest"), templates.Notice{Player: core.Label(p), Text: text.In(tag)}, m)
	if err != nil {
		return err
	}
	in.Outcome, in.Detail = outcome, why
	return dg.Store.RecordInbound(ctx, store.Record{Inbound: &in, Limited: &store.LimitedMail{Mail: answer, Limits: []store.Limit{
		{Key: fmt.Sprintf("digest:%d", pid), Every: core.StatusEvery},
	}}})
}
