package server

import (
	"pbem/server/core"

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
	"pbem/store"
	"pbem/templates"
)

// A player who chose mail digest HH:MM gets, instead of a mail for every
// move, one mail a day at that time listing every game where it is their
// turn. The digest comes from the server's address with a reply address
// of its own, LOCAL+digest-PLAYER-TOKEN@DOMAIN, whose token only the
// server's key makes; a reply to it plays its lines "game 12: #7 …", each
// game as a reply to that game's own mail would.

// digestKey is the server's key of the digests' reply addresses.
func (s *Server) digestKey(ctx context.Context) ([]byte, error) {
	return s.keys.get(ctx, s.store, digestKeyName)
}

// digest sends player pid's digest due by now, if it is still due: the
// games where it is their turn, in one mail, none when no game waits for
// them; either way the next is due at their time tomorrow. It is written
// only if nobody did it meanwhile, so that two processes never send it
// twice. sent says a mail went, moved that the digest's time moved on.
func (s *Server) digest(ctx context.Context, pid int64, now time.Time) (sent, moved bool, err error) {
	p, err := s.store.Player(ctx, pid)
	if err != nil {
		return false, false, err
	}
	if p.Mail != store.MailDigest || p.NextDigest.IsZero() || p.NextDigest.After(now) {
		return false, false, nil // done meanwhile
	}
	waiting, err := s.waitingFor(ctx, pid)
	if err != nil {
		return false, false, err
	}
	d := store.Digest{PlayerID: pid, Was: p.NextDigest, Next: nextDigest(p.DigestAt, now)}
	if len(waiting) > 0 {
		m, err := s.digestMail(ctx, p, waiting)
		if err != nil {
			return false, false, err
		}
		d.Mails = []store.OutMail{m}
	}
	err = s.store.SendDigest(ctx, d)
	if errors.Is(err, store.ErrConflict) {
		return false, false, nil // another process did it
	}
	return err == nil && len(d.Mails) > 0, err == nil, err
}

// waiting is a game where it is a player's turn, with their seat.
type waiting struct {
	l    loaded
	seat int
}

// waitingFor lists the active games where it is player pid's turn.
func (s *Server) waitingFor(ctx context.Context, pid int64) ([]waiting, error) {
	ids, err := s.store.ActiveGamesOf(ctx, pid)
	if err != nil {
		return nil, err
	}
	var out []waiting
	for _, id := range ids {
		l, err := s.load(ctx, id)
		if err != nil {
			return nil, err
		}
		if seat := core.SeatOfPlayer(l.row, pid); seat >= 0 && !l.state.Over() && l.state.ToMove() == seat {
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
func (s *Server) digestMail(ctx context.Context, p store.Player, games []waiting) (store.OutMail, error) {
	key, err := s.digestKey(ctx)
	if err != nil {
		return store.OutMail{}, err
	}
	token := mailer.DigestToken(key, p.ID, p.TokenGen)
	reply, err := mailer.DigestAddress(s.cfg.Address, p.ID, token)
	if err != nil {
		return store.OutMail{}, err
	}
	tag := s.chosen(p.Lang)
	data := templates.Digest{Player: label(p), At: timeOfDay(p.DigestAt), Example: playLine(games[0].l.row, games[0].l.game).In(tag)}
	var pics []*boardPicture
	for _, w := range games {
		g := w.l.row
		seat := g.Seats[w.seat]
		gameReply, err := mailer.ReplyAddress(s.cfg.Address, g.ID, mailer.Token(g.Secret, g.ID, seat.Seat, seat.TokenGen))
		if err != nil {
			return store.OutMail{}, err
		}
		view := engine.View{Seat: seat.Seat, Names: core.Names(g), Lang: tag}
		dg := templates.DigestGame{
			Game: w.l.game.Name(), GameID: g.ID, MoveNumber: core.NextTurn(g, nil),
			Stopped: g.Clock.Left > 0, ReplyTo: gameReply,
		}
		dg.Board, dg.Flow = core.Rendered(w.l.state, view)
		pic := s.pictures(g, w.l.game).forSeat(seat, w.l.state, view)
		dg.Picture, dg.PictureWidth = pic.cid(), pic.px()
		pics = append(pics, pic)
		if !g.Clock.Deadline.IsZero() {
			dg.Deadline = core.WhenIn(g.Clock.Deadline, tag)
		}
		data.Games = append(data.Games, dg)
	}
	text, html, err := s.tmpl.Render("digest", tag, data, nil)
	if err != nil {
		return store.OutMail{}, fmt.Errorf("mail digest to %s: %w", p.Email, err)
	}
	subject := lang.Plural(len(games), "pbem: your turn in %d game", "pbem: your turn in %d games", len(games))
	if len(games) == 1 {
		subject = lang.T("pbem: your turn in %s, game %d", games[0].l.game.Name(), games[0].l.row.ID)
	}
	id := mailer.DigestID(p.ID, token, p.NextDigest, s.domain())
	return s.outMail(mailer.Message{
		From: mail.Address{Name: "pbem", Address: s.cfg.Address}, To: mail.Address{Name: p.Name, Address: p.Email}, ReplyTo: reply,
		Subject: subject.In(tag), MessageID: id, Date: s.cfg.Now(), Text: text, HTML: html,
	}, pics...)
}

// label is how a player is named to them: their name, else their address.
func label(p store.Player) string {
	if p.Name != "" {
		return p.Name
	}
	return p.Email
}

// noGameNamed is the answer to a reply to a digest that names no game.
// It shows a line of one of the player's games (playExample).
const noGameNamed = "Your reply to the digest named no game, so nothing was played. Write each move on a line of its own, after the game it is for, as in %s, and send it to the digest's reply address."

// digestReply handles m, a reply to player pid's digest carrying token:
// the token must be the player's and the sender one of their addresses,
// else it is a stranger's. Its lines "game N: …" are grouped by game and
// each game's run as a mail to that game would: under the game's lock, in
// a transaction of its own, recorded as an inbound mail of its own keyed
// by the mail's key and the game, so that one game's refusal undoes no
// other's move and a redelivered reply plays nothing twice. The reply
// itself is recorded last.
func (s *Server) digestReply(ctx context.Context, in store.Inbound, m parser.Mail, pid int64, token string) (mailer.Verdict, error) {
	key, err := s.digestKey(ctx)
	if err != nil {
		return mailer.Rejected, err
	}
	p, err := s.store.Player(ctx, pid)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return mailer.Rejected, err
	}
	ok, revoked := mailer.CheckDigestToken(key, pid, p.TokenGen, token)
	if revoked && err == nil {
		return mailer.Rejected, s.revokedDigest(ctx, in, p, m.From)
	}
	if !ok || err != nil {
		return mailer.Rejected, s.stranger(ctx, in, m, 0, fmt.Sprintf("no valid digest token for player %d", pid), lang.T(notYours))
	}
	from, err := s.store.PlayerID(ctx, parser.CanonicalAddress(m.From))
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return mailer.Rejected, err
	}
	if from != pid {
		return mailer.Rejected, s.stranger(ctx, in, m, 0, fmt.Sprintf("%s is not an address of player %d, whose digest it answers", m.From, pid), lang.T(notYours))
	}
	blocks, err := parser.GameBlocks(m.Text)
	if engine.IsRefusal(err) {
		text := lang.T("Nothing was played. %s", core.RefusalSentence(err))
		var lr *parser.LineRefusal
		if errors.As(err, &lr) {
			text = lang.T("Nothing was played: your line %q was refused. %s", lr.Written, core.RefusalSentence(lr.Err))
		}
		return mailer.Rejected, s.digestAnswer(ctx, in, m, pid, store.Refused, err.Error(), text)
	}
	if err != nil {
		return mailer.Rejected, err
	}
	if len(blocks) == 0 {
		if ctl := parser.ControlCommands(m.Text); len(ctl) > 0 {
			v, _, err := s.watchers().Control(ctx, in, m, ctl, true) // stop, from the digest's reader: its token proves them
			return v, err
		}
		example, err := s.playExample(ctx, pid)
		if err != nil {
			return mailer.Rejected, err
		}
		return mailer.Accepted, s.digestAnswer(ctx, in, m, pid, store.Ignored, "a digest reply naming no game: answered how to write one, at most once an hour", lang.T(noGameNamed, example))
	}
	verdict := mailer.Rejected
	var done []string
	for _, b := range blocks {
		one := in
		one.Key = fmt.Sprintf("%s|game %d", in.Key, b.Game)
		v, err := s.digestGame(ctx, one, m, pid, b)
		if err != nil {
			return mailer.Rejected, err
		}
		if v == mailer.Accepted {
			verdict = mailer.Accepted
		}
		outcome, _, err := s.store.InboundOutcome(ctx, one.Key)
		if err != nil {
			return mailer.Rejected, err
		}
		done = append(done, fmt.Sprintf("game %d %s", b.Game, outcome))
	}
	in.Outcome, in.Detail = store.Applied, "digest reply: "+strings.Join(done, ", ")
	if verdict != mailer.Accepted {
		in.Outcome = store.Refused
	}
	return verdict, s.ignore(ctx, in, 0)
}

// revokedDigest records a reply to one of player p's digests whose reply
// address a rekey replaced, and tells p — at their registered address,
// never the sender's, who may be whoever the old address leaked to — at
// most once a day.
func (s *Server) revokedDigest(ctx context.Context, in store.Inbound, p store.Player, from string) error {
	in.Outcome, in.Detail = store.Rejected, fmt.Sprintf("a revoked digest token of player %d, from %s", p.ID, from)
	told, err := s.lobbyNotice(ctx, p.Email, lang.T("a mail with an old reply address"),
		lang.T("A mail from %s came to the reply address of one of your digests that a rekey replaced: nothing was played. If it was not you, someone has seen one of your digests; the new ones carry a new address.", from), parser.Mail{})
	if err != nil {
		return err
	}
	return s.store.RecordInbound(ctx, store.Record{Inbound: &in, Limited: &store.LimitedMail{Mail: told, Limits: []store.Limit{
		{Key: fmt.Sprintf("revoked-digest:%d", p.ID), Every: strangerEvery},
	}}})
}

// digestGame runs block b of a reply to player pid's digest in its game,
// recorded as in, once: a copy handled before changes nothing. The
// computer seats to move then play.
func (s *Server) digestGame(ctx context.Context, in store.Inbound, m parser.Mail, pid int64, b parser.GameBlock) (mailer.Verdict, error) {
	if seen, err := s.store.InboundSeen(ctx, in.Key); err != nil || seen {
		return mailer.Accepted, err
	}
	v, err := func() (mailer.Verdict, error) {
		defer s.lock(b.Game)()
		return retried(func() (mailer.Verdict, error) {
			l, err := s.load(ctx, b.Game)
			if engine.IsRefusal(err) {
				return mailer.Rejected, s.stranger(ctx, in, m, 0, fmt.Sprintf("a digest reply names game %d, which is not on this server", b.Game), lang.T(notYours))
			}
			if err != nil {
				return mailer.Rejected, err
			}
			seat := core.SeatOfPlayer(l.row, pid)
			if seat < 0 {
				return mailer.Rejected, s.stranger(ctx, in, m, b.Game, fmt.Sprintf("a digest reply names game %d, where player %d has no seat", b.Game, pid), lang.T(notYours))
			}
			return s.handleSeat(ctx, in, m, l, seat, b.Text, nil)
		})
	}()
	if errors.Is(err, store.ErrDuplicate) {
		return mailer.Accepted, nil // another process handled this copy
	}
	if err != nil {
		return v, err
	}
	if err := s.RunBots(ctx, b.Game); err != nil && !engine.IsRefusal(err) {
		return v, err
	}
	return v, nil
}

// digestAnswer records a reply to player pid's digest that played nothing
// (outcome, why, for the operator) and answers its sender with text, at
// most once an hour, so that an auto-responder cannot loop with it.
func (s *Server) digestAnswer(ctx context.Context, in store.Inbound, m parser.Mail, pid int64, outcome, why string, text lang.Msg) error {
	p, err := s.store.Player(ctx, pid)
	if err != nil {
		return err
	}
	tag := s.chosen(p.Lang)
	answer, err := s.composeTo(ctx, tag, m.From, "notice", lang.T("pbem: your reply to the digest"), templates.Notice{Player: label(p), Text: text.In(tag)}, m)
	if err != nil {
		return err
	}
	in.Outcome, in.Detail = outcome, why
	return s.store.RecordInbound(ctx, store.Record{Inbound: &in, Limited: &store.LimitedMail{Mail: answer, Limits: []store.Limit{
		{Key: fmt.Sprintf("digest:%d", pid), Every: statusEvery},
	}}})
}

// retried runs try again, up to core.MaxAttempts times in all, while it meets
// a game that another process moved meanwhile.
func retried[T any](try func() (T, error)) (T, error) {
	for attempt := 1; ; attempt++ {
		v, err := try()
		if !errors.Is(err, store.ErrConflict) || attempt >= core.MaxAttempts {
			return v, err
		}
	}
}
