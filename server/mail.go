package server

import (
	"pbem/server/rekey"

	"pbem/server/account"

	"pbem/server/core"

	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/server/watch"
	"pbem/store"
	"pbem/templates"
)

// HandleMail handles one inbound mail, its raw RFC 5322 bytes, exactly
// once: the mail is recorded by Message-ID (or a hash of its bytes) in the
// same transaction as everything it causes, so a second copy, or the same
// mail fetched again after a crash, changes nothing.
//
// What the mail is, classify (route.go) decides once, the first kind
// that fits in this order: a copy of a mail handled, oversized,
// unreadable, a delivery report about one of the server's mails, a sender
// named ambiguously, other automatic mail, the server's own, forged,
// unverified, to the stop address, a reply to a digest, watch or stop from
// someone who answers no seat, the lobby's, a game's. Each kind has one
// handler in routes. A game's seat comes from the token (reply address,
// else References, the subject tag only naming the game), and the sender
// must own the seat's address: a stranger or a forged sender changes
// nothing and gets at most one explanation a day. With sender
// authentication on, a mail the operator's own server judged forged is
// recorded and never answered (the answer would go to the forged address),
// and one it could not vouch for under the pass policy is explained once a
// day. The commands are applied through the same path as the command
// line's; a refusal changes nothing and is explained to the sender alone.
//
// The verdict says where the mail belongs (processed or rejected); an
// error is a passing failure, and the mail should be tried again later.
// A failure that trying again cannot cure is recorded, the mail rejected,
// and no error returned (failure.go).
func (s *Server) HandleMail(ctx context.Context, raw []byte) (mailer.Verdict, error) {
	ctx, r := s.reporting(ctx)
	bots := true
	verdict, game, err := s.handleSafely(ctx, raw, &bots)
	if err != nil && !errors.Is(err, store.ErrDuplicate) {
		verdict, err = s.failed(ctx, raw, game, err)
		bots = false
	}
	s.report(r, game, err)
	if errors.Is(err, store.ErrDuplicate) {
		// A copy of a mail handled, maybe at this very moment by another
		// process: it belongs where the first went, processed — or
		// rejected, when the first failed.
		verdict, err = s.copyVerdict(ctx, raw), nil
	}
	if err == nil && game != 0 && bots {
		// The computer seats to move play now: after the player's move, or
		// in a game that a crash stopped between the two, which any mail
		// about it, its own copy fetched again included, resumes. A game
		// read while handling the mail says whether one is to move; only
		// about a game not read (a copy) is it read again to know. The mail
		// is committed: a computer seat that fails for good is the game's
		// trouble, logged, not the mail's.
		if err = s.RunBots(ctx, game); err != nil && !store.Temporary(err) {
			s.mail.logger().Error("a computer seat could not play", "game", game, "err", err)
			err = nil
		}
	}
	return verdict, err
}

// oversized reports whether raw is over the size cap, or the header alone
// of a mail the receiver found over it: recorded, never read.
func (it *intake) oversized(raw []byte) bool {
	return len(raw) > it.cfg.MaxMailSize || bytes.HasPrefix(raw, []byte(mailer.OversizeHeader+":"))
}

// handleForGame authenticates the mail against game id and applies it,
// and sets *bots to whether a computer seat is to move after it.
func (s *Server) handleForGame(ctx context.Context, in store.Inbound, m parser.Mail, id int64, token string, bots *bool) (mailer.Verdict, error) {
	l, err := s.load(ctx, id)
	if engine.IsRefusal(err) {
		return mailer.Rejected, s.replies.stranger(ctx, in, m, 0, fmt.Sprintf("there is no game %d on this server", id), lang.T(core.NotYours))
	}
	if err != nil {
		return mailer.Rejected, err
	}
	seat, ok, revoked := mailer.SeatOfToken(l.row.Secret, id, generations(l.row), token)
	if revoked && token != "" {
		return mailer.Rejected, s.Rekeys().Revoked(ctx, in, l.core(), seat, m.From)
	}
	if !ok || token == "" {
		return mailer.Rejected, s.replies.stranger(ctx, in, m, id, fmt.Sprintf("no valid reply token for game %d", id), lang.T(core.NotYours))
	}
	*bots = core.BotToMove(l.row, l.state)
	return s.handleSeat(ctx, in, m, l, seat, m.Text, bots)
}

// handleSeat applies text, the commands mail m writes for seat of game l
// (all its text, or a digest reply's lines for the game), once the mail
// is known to answer that seat: the sender must own the seat's address.
// Once moves are stored, *bots (when bots is not nil) says whether a
// computer seat is to move after them.
func (s *Server) handleSeat(ctx context.Context, in store.Inbound, m parser.Mail, l loaded, seat int, text string, bots *bool) (mailer.Verdict, error) {
	id, row := l.row.ID, l.row.Seats[seat]
	if owns, err := s.people.ownsAddress(ctx, row, m.From); err != nil || !owns {
		if err != nil {
			return mailer.Rejected, err
		}
		why, err := s.people.notTheSeatsAddress(ctx, m.From)
		if err != nil {
			return mailer.Rejected, err
		}
		return mailer.Rejected, s.replies.stranger(ctx, in, m, id, fmt.Sprintf("%s is not the address of its seat of game %d", m.From, id), why)
	}
	if !parser.SameAddress(row.Email, m.From) {
		l.sender = parser.CanonicalAddress(m.From) // an alias of the player's
	}
	l, err := s.caughtUp(ctx, l)
	if err != nil {
		return mailer.Rejected, err
	}
	if l, err = s.writtenAgain(ctx, l, seat); err != nil {
		return mailer.Rejected, err
	}
	cmds, err := parser.Commands(s.intake.withoutGuide(l.game, text), l.game)
	if err != nil {
		return s.replies.refuse(ctx, in, l, seat, err)
	}
	if len(cmds) == 0 {
		return mailer.Accepted, s.replies.noCommand(ctx, in, l, seat, m.Subject)
	}
	if rekey.Requested(cmds) {
		if len(cmds) > 1 {
			return s.replies.refuse(ctx, in, l, seat, engine.Refuse("rekey goes alone in its mail: the mails after it come with a new reply address"))
		}
		return mailer.Accepted, s.Rekeys().Seats(ctx, l.core(), []int{seat}, &in)
	}
	if c, ok := account.Command(cmds); ok {
		return s.Accounts().Handle(ctx, in, l.core(), seat, cmds, c, m)
	}
	if c, ok := watch.Command(cmds); ok {
		if len(cmds) > 1 {
			return s.replies.refuse(ctx, in, l, seat, core.LineRefusal(c, engine.Refuse("%s goes alone in its mail", core.VerbWord(c.Verb))))
		}
		v, _, err := s.Watchers().Control(ctx, in, m, cmds, true) // the seat's token proves the sender
		return v, err
	}
	if silenced, err := s.store.Silenced(ctx, parser.BaseAddress(row.Email)); err != nil {
		return mailer.Rejected, err
	} else if silenced {
		// Writing to a game again is asking for its mail again.
		if _, err := s.store.Unsilence(ctx, parser.BaseAddress(row.Email)); err != nil {
			return mailer.Rejected, err
		}
	}
	if c, verb, ok := rematchAnswer(l, cmds); ok {
		err := s.rematch(ctx, in, m, l, seat, cmds, c, verb)
		if engine.IsRefusal(err) {
			return s.replies.refuse(ctx, in, l, seat, err)
		}
		return mailer.Accepted, err
	}
	a, err := s.act(ctx, l, seat, cmds)
	if engine.IsRefusal(err) {
		return s.replies.refuse(ctx, in, l, seat, err)
	}
	if err != nil {
		return mailer.Rejected, err
	}
	for i := range a.moves {
		a.moves[i].MessageID = in.MessageID
		if in.MessageID == "" {
			a.moves[i].MessageID = in.Key
		}
	}
	in.Outcome, in.Detail = store.Applied, core.Count(len(a.moves), "move")
	err = s.save(ctx, l, a, &in)
	if err == nil && bots != nil && a.leave != nil {
		*bots = true // a computer may have taken the seat
	}
	if err == nil && bots != nil && len(a.moves) > 0 {
		*bots = core.BotToMove(l.row, a.state)
	}
	return mailer.Accepted, err
}

// locate finds the game a mail answers and the token it carries: from a
// reply address among its recipients, else from its References, else from
// the subject's tag (a bare "[#12]" names the game without a token). A
// reply to a digest names no game but the player whose digest it answers,
// with the digest's token, from the digest's reply address or its
// Message-ID in References. A reply to one of the lobby's mails (a
// confirmation, an invitation, a notice, a watcher's mail) names no game,
// whatever its subject's tag.
func (it *intake) locate(m parser.Mail) (game int64, token string, digest int64) {
	for _, addr := range append(append([]string{}, m.To...), m.Cc...) {
		if id, token, ok := mailer.ParseReplyAddress(addr); ok {
			return id, token, 0
		}
		if pid, token, ok := mailer.ParseDigestAddress(addr); ok {
			return 0, token, pid
		}
		if it.isLobbyAddress(addr) {
			return 0, "", 0
		}
	}
	for _, ref := range append([]string{m.InReplyTo}, m.References...) {
		if id, token, ok := mailer.ParseThreadID(ref); ok {
			return id, token, 0
		}
		if pid, token, ok := mailer.ParseDigestID(ref); ok {
			return 0, token, pid
		}
	}
	if id, token, ok := mailer.ParseSubjectTag(m.Subject); ok {
		return id, token, 0
	}
	return 0, "", 0
}

// isLobbyAddress reports whether address is one the lobby's mails are
// answered to: a confirmation's, an invitation's, a notice's (a lobby
// token's) or the stop address.
func (it *intake) isLobbyAddress(address string) bool {
	if _, ok := mailer.ParseConfirmAddress(address); ok {
		return true
	}
	if _, ok := mailer.ParseLobbyAddress(address); ok {
		return true
	}
	if _, _, ok := mailer.ParseChallengeAddress(address); ok {
		return true
	}
	return it.mail.isStopAddress(address)
}

// ownsAddress reports whether address is the seat player's own address or
// one of their aliases.
func (pp *people) ownsAddress(ctx context.Context, seat store.Seat, address string) (bool, error) {
	if seat.Bot != "" {
		return false, nil
	}
	if parser.SameAddress(seat.Email, address) {
		return true, nil
	}
	pid, err := pp.store.PlayerID(ctx, address)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	return err == nil && pid == seat.PlayerID, err
}

// ownAddress reports whether address is the server's own, or one of its
// plus-addresses (LOCAL+anything@DOMAIN): mail from there is the server's,
// or a loop, and is never answered.
func (it *intake) ownAddress(address string) bool {
	return parser.SameAddress(parser.BaseAddress(address), parser.BaseAddress(it.cfg.Address))
}

// refuse records a refused mail and queues the explanation to its sender:
// the line refused as written, the reason, and while the game is on, how
// to write the kind of move refused.
func (rp *replies) refuse(ctx context.Context, in store.Inbound, l loaded, seat int, why error) (mailer.Verdict, error) {
	to := l.answerTo(seat)
	tag := rp.mail.langOf(to)
	data := templates.Refusal{Game: l.game.Name(), GameID: l.row.ID, Player: l.row.Seats[seat].Label(), Reason: reasonIn(why, tag, core.Names(l.row))}
	var lr *parser.LineRefusal
	if errors.As(why, &lr) {
		data.Line, data.Reason = lr.Written, reasonIn(lr.Err, tag, core.Names(l.row))
		if lr.Move && l.row.Status == store.StatusActive && !l.state.Over() {
			data.Notation = notationFor(core.Notation(l.game, tag), lr.Written)
		}
	}
	limits := []store.Limit{
		{Key: fmt.Sprintf("refusals:%d:%d", l.row.ID, seat), Every: answerWindow, Max: rp.cfg.AnswersPerHour},
		{Key: "answers:" + parser.BaseAddress(l.answerTo(seat).Email), Every: answerWindow, Max: rp.cfg.AnswersPerHour},
	}
	held, err := rp.mail.lastAnswerUntil(ctx, limits, tag)
	if err != nil {
		return mailer.Rejected, err
	}
	data.HeldUntil = held
	reply, err := rp.mail.templated(l.row, to, "refusal", lang.T("your command was refused"), data,
		rp.mail.footer(l.row, l.state, core.NextTurn(l.row, nil), seat))
	if err != nil {
		return mailer.Rejected, err
	}
	in.Outcome, in.Detail = store.Refused, why.Error()
	return mailer.Rejected, rp.store.RecordInbound(ctx, store.Record{Inbound: &in, GameID: l.row.ID, Limited: &store.LimitedMail{Mail: reply, Limits: limits}})
}

// stranger records a mail that named no seat it may act for (why, for the
// operator) and explains to its sender, in a reply threaded to the mail,
// what to do instead (reason), at most once a day (the store decides, in
// the same transaction), in its language: its player's when the address
// is a player's, else the server's default.
func (rp *replies) stranger(ctx context.Context, in store.Inbound, mail parser.Mail, game int64, why string, reason lang.Msg) error {
	from := mail.From
	in.Outcome, in.Detail = store.Rejected, why
	p, err := rp.store.PlayerByAddress(ctx, from)
	known := err == nil
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	tag := rp.mail.readerLang(ctx, from, p.Lang)
	m, err := rp.mail.composeTo(ctx, tag, from, "stranger", lang.T("pbem: your mail was not played"), templates.Stranger{Address: from, Reason: reason.In(tag), Known: known}, mail)
	if err != nil {
		return err
	}
	return rp.store.RecordInbound(ctx, store.Record{Inbound: &in, GameID: game, Limited: &store.LimitedMail{Mail: m, Limits: []store.Limit{
		{Key: store.StrangerKey(parser.BaseAddress(from)), Every: core.StrangerEvery},
		{Key: "strangers", Every: answerWindow, Max: rp.cfg.StrangersPerHour},
	}}})
}

// ignore records a mail that causes nothing but the given mails.
func (rp *replies) ignore(ctx context.Context, in store.Inbound, game int64, mails ...store.OutMail) error {
	return rp.store.RecordInbound(ctx, store.Record{Inbound: &in, GameID: game, Mails: mails})
}

// mailKey dedupes a mail: its Message-ID with a digest of its From, Date
// and body, or the digest alone when it has no Message-ID. Two different
// mails that share a Message-ID are both handled; an MTA's redelivery,
// which adds Received lines to the header, is the same mail.
func mailKey(m parser.Mail, raw []byte) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%d\n", parser.CanonicalAddress(m.From), m.Date.Unix())
	h.Write(bytes.ReplaceAll(bodyOf(raw), []byte("\r\n"), []byte("\n")))
	digest := hex.EncodeToString(h.Sum(nil))[:32]
	if m.MessageID == "" {
		return "digest:" + digest
	}
	return m.MessageID + "|" + digest
}

// bodyOf is what follows the header of raw.
func bodyOf(raw []byte) []byte {
	crlf, lf := bytes.Index(raw, []byte("\r\n\r\n")), bytes.Index(raw, []byte("\n\n"))
	switch {
	case crlf >= 0 && (lf < 0 || crlf < lf):
		return raw[crlf+4:]
	case lf >= 0:
		return raw[lf+2:]
	}
	return nil
}

func hashOf(raw []byte) string {
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// headerOf keeps an oversized mail's header only, for the record.
func headerOf(raw []byte) []byte {
	if i := strings.Index(string(raw[:min(len(raw), 64<<10)]), "\r\n\r\n"); i >= 0 {
		return raw[:i]
	}
	return raw[:min(len(raw), 64<<10)]
}

// MailLane names the game a raw mail is about, so that a receiver may
// handle mails about different games at once and those about one game in
// order. Mails about no game share the lane "".
//
// What it reads of the mail is kept for HandleMail (see readMails).
func (s *Server) MailLane(raw []byte) string {
	m, err := parser.ReadMail(raw)
	if err != nil {
		return ""
	}
	if !s.intake.oversized(raw) {
		s.intake.read.keep(sha256.Sum256(raw), m)
	}
	id, _, digest := s.intake.locate(m)
	if digest != 0 {
		return fmt.Sprintf("digest %d", digest)
	}
	return fmt.Sprint(id)
}
