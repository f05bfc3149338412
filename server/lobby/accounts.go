package lobby

import (
	"pbem/server/core"

	"context"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
	"pbem/templates"
)

// Accounts at the lobby: signup NAME, name NEW, alias ADDRESS and signoff
// each ask for what only the address concerned may complete, so the
// server mails that address a confirmation carrying a random token
// (mailer.NewConfirmToken) and keeps the token's hash: a reply to it from
// that address, or "confirm TOKEN" written to the server from it,
// completes the request. A forged sign-up sends the confirmation to the
// real owner, who can ignore it; the forger never sees the token. Only
// the first command of a mail is read.

// ConfirmExpiry is how long a confirmation waits for its reply.
const ConfirmExpiry = 3 * 24 * time.Hour

// The choices of a sign-off for the games the player has going.
const (
	choiceResign = "resign" // resign every running game
	choiceKeep   = "keep"   // play them to the end, with their mail
)

// lobbyAccount handles the account command of a mail to the lobby
// (cmds[0] is one): the action and its answer in one transaction, or a
// refusal that says what to write instead.
func (lb Lobby) lobbyAccount(ctx context.Context, in store.Inbound, m parser.Mail, cmds []parser.LobbyCommand) (mailer.Verdict, bool, error) {
	c := cmds[0]
	from := parser.CanonicalAddress(m.From)
	in.Outcome, in.Detail = store.Applied, c.Verb
	var err error
	switch c.Verb {
	case parser.Signup:
		err = lb.signup(ctx, &in, m, from, strings.Join(c.Args, " "))
	case parser.Confirm:
		err = lb.confirm(ctx, &in, m, from, c.Args)
	case parser.Rename:
		err = lb.rename(ctx, &in, m, from, strings.Join(c.Args, " "))
	case parser.Alias:
		err = lb.alias(ctx, &in, m, from, c.Args)
	case parser.Signoff:
		err = lb.askSignoff(ctx, &in, m, from)
	default:
		return mailer.Rejected, false, nil
	}
	if engine.IsRefusal(err) {
		return mailer.Rejected, true, lb.lobbyRefuse(ctx, in, m, c, err)
	}
	if err != nil {
		return mailer.Rejected, true, err
	}
	return mailer.Accepted, true, nil
}

// lobbyRefuse records a lobby command refused and tells its sender why,
// with what to write instead.
func (lb Lobby) lobbyRefuse(ctx context.Context, in store.Inbound, m parser.Mail, c parser.LobbyCommand, why error) error {
	in.Outcome, in.Detail = store.Refused, c.Verb+": "+why.Error()
	text := lang.T("Nothing was done about your line\n\n    %s\n\n%s", c.Written, core.RefusalSentence(why))
	reply, err := lb.Notice(ctx, m.From, lang.T("your mail"), text, m)
	if err != nil {
		return err
	}
	return lb.Core.Ignore(ctx, in, 0, reply)
}

// signup asks for the sender's registration as name: a confirmation to
// their address.
func (lb Lobby) signup(ctx context.Context, in *store.Inbound, m parser.Mail, from, name string) error {
	if err := lb.maySignUp(from); err != nil {
		return err
	}
	pid, registered, err := lb.Store.Registered(ctx, from)
	if err != nil {
		return err
	}
	if registered {
		p, err := lb.Store.Player(ctx, pid)
		if err != nil {
			return err
		}
		return engine.Refuse("you are signed up already, as %s: to change your name, write name NEW to %s", core.Label(p), lb.Core.Address())
	}
	if name, err = lb.Core.CheckName(ctx, name, pid); err != nil {
		return err
	}
	text := lang.T("Someone, probably you, asked to sign up %s at this game server as %s.\n\nTo finish, reply to this mail: your reply needs no text. Or write to %s the line\n\n    confirm %%s\n\nIf you did not ask for it, ignore this mail: nothing happens without your reply.", from, name, lb.Core.Address())
	in.Detail = "signup: confirmation sent to " + from
	c := store.Confirmation{Kind: store.ConfirmSignup, Address: from, Name: name}
	if t := core.WrittenIn(ctx); t != "" && t != lb.Core.DefaultLang() {
		c.Lang = string(t) // a sign-up written in French starts a French account
	}
	return lb.askConfirmation(ctx, in, m, c, lang.T("pbem: confirm your sign-up"), text)
}

// comebackEvery is how often a sign-up's confirmation may reach an
// address that said stop or signed off: a player coming back gets it, a
// forger cannot pester them with it.
const comebackEvery = 24 * time.Hour

// askConfirmation stores c and mails its confirmation, text with "%s" for
// the token, to c.Address, in its language; more are mails to go with it.
func (lb Lobby) askConfirmation(ctx context.Context, in *store.Inbound, m parser.Mail, c store.Confirmation, subject, asked lang.Msg, more ...store.OutMail) error {
	tag := lb.Core.LangOfAddress(ctx, c.Address)
	token, err := mailer.NewConfirmToken()
	if err != nil {
		return err
	}
	c.Expires = lb.Core.Now().Add(ConfirmExpiry)
	text := fmt.Sprintf(asked.In(tag), token) + "\n\n" + lang.T("This request expires on %s.", core.WhenIn(c.Expires, tag)).In(tag)
	reply, err := mailer.ConfirmAddress(lb.Core.Address(), token)
	if err != nil {
		return err
	}
	who := c.Address // an alias's: its reader may not be the player who asked
	if c.Kind != store.ConfirmAlias {
		if who, _, err = lb.Core.Greeting(ctx, c.Address, c.Name); err != nil {
			return err
		}
	}
	msg, err := lb.confirmationMail(tag, c.Address, who, subject.In(tag), reply, mailer.ConfirmID(token, lb.Core.Domain()), text, m)
	if err != nil {
		return err
	}
	var overSilence *store.Limit
	if c.Kind == store.ConfirmSignup {
		overSilence = &store.Limit{Key: "comeback:" + strings.ToLower(parser.BaseAddress(c.Address)), Every: comebackEvery}
	}
	return lb.Store.AddConfirmation(ctx, mailer.ConfirmHash(token), c, in, append([]store.OutMail{msg}, more...), overSilence)
}

// confirmationMail composes a confirmation to address, greeting who: as
// composeTo's notices, but answered to reply, the confirmation's own
// address, and threaded under messageID, which carries its token too.
func (lb Lobby) confirmationMail(t lang.Tag, address, who, subject, reply, messageID, text string, answered parser.Mail) (store.OutMail, error) {
	body, html, err := lb.Core.Render("notice", t, templates.Notice{Player: who, Text: text}, nil)
	if err != nil {
		return store.OutMail{}, fmt.Errorf("confirmation to %s: %w", address, err)
	}
	msg := mailer.Message{From: mail.Address{Name: "pbem", Address: lb.Core.Address()}, To: mail.Address{Address: address}, ReplyTo: reply,
		Subject: subject, MessageID: messageID, Date: lb.Core.Now(), Text: body, HTML: html}
	msg.Unsubscribe, msg.OneClick = lb.Core.Unsubscribe(address)
	if answered.MessageID != "" {
		msg.InReplyTo, msg.References = answered.MessageID, []string{answered.MessageID}
	}
	return lb.Core.OutMail(msg)
}

// confirm completes the request whose token args[0] is, when the sender is
// the address it was mailed to; a sign-off with games going needs args[1],
// resign or keep.
func (lb Lobby) confirm(ctx context.Context, in *store.Inbound, m parser.Mail, from string, args []string) error {
	if len(args) == 0 {
		return engine.Refuse("confirm needs the token of the confirmation mail: reply to that mail instead, it is simpler")
	}
	hash := mailer.ConfirmHash(args[0])
	c, err := lb.Store.ConfirmationOf(ctx, hash)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return engine.Refuse("this confirmation is not known here: check that you copied the whole token, or reply to the confirmation mail itself")
	case err != nil:
		return err
	case !parser.SameAddress(c.Address, from):
		// The token went to c.Address; a confirmation from elsewhere is a
		// guess or a theft, and confirms nothing.
		in.Detail = "confirm: from " + from + ", not the address it was mailed to"
		return engine.Refuse("this confirmation was not mailed to %s: only a reply from the address it was mailed to confirms it", from)
	case c.Used:
		return engine.Refuse("this confirmation was used already: nothing more to do")
	case !lb.Core.Now().Before(c.Expires):
		return engine.Refuse("this confirmation expired on %s: ask again, and reply within %d days", core.WhenMsg(c.Expires), int(ConfirmExpiry.Hours()/24))
	}
	in.Detail = "confirm " + c.Kind + " of " + c.Address
	switch c.Kind {
	case store.ConfirmSignup:
		return lb.confirmSignup(ctx, in, m, hash, c)
	case store.ConfirmAlias:
		return lb.confirmAlias(ctx, in, m, hash, c)
	case store.ConfirmCommand:
		return lb.confirmCommand(ctx, in, m, hash, c)
	}
	choice := ""
	if len(args) > 1 {
		choice = strings.ToLower(args[1])
	}
	return lb.confirmSignoff(ctx, in, m, hash, c, choice)
}

// confirmSignup registers the address of c, creating its player when new.
func (lb Lobby) confirmSignup(ctx context.Context, in *store.Inbound, m parser.Mail, hash string, c store.Confirmation) error {
	if err := lb.maySignUp(c.Address); err != nil {
		return err // the operator closed sign-up since it was asked
	}
	pid, _, err := lb.Store.Registered(ctx, c.Address)
	if err != nil {
		return err
	}
	name, err := lb.Core.CheckName(ctx, c.Name, pid)
	if err != nil {
		return err
	}
	text := lang.T("You are signed up, as %s. Other players may now challenge you by your address or your name.\n\nNext: reply to this mail with a line such as\n\n    new amplitude with computer\n\nto play the computer, or new amplitude with ADDRESS to challenge someone; games lists your games.", name)
	if c.Lang != "" {
		ctx = core.WithLangOf(ctx, c.Address, lang.Tag(c.Lang)) // the language the sign-up was written in
	}
	reply, err := lb.namedNotice(ctx, c.Address, name, lang.T("you are signed up"), text, m)
	if err != nil {
		return err
	}
	_, err = lb.Store.ChangeAccount(ctx, store.AccountChange{PlayerID: pid, Email: c.Address, Name: name, Lang: c.Lang, Register: true, Token: hash,
		Unsilence: parser.BaseAddress(c.Address), Inbound: in, Mails: []store.OutMail{reply}})
	return usedOrExpired(err)
}

// usedOrExpired is err, a conflict on the confirmation said as a refusal.
func usedOrExpired(err error) error {
	if errors.Is(err, store.ErrConflict) {
		return engine.Refuse("this confirmation was used already, or has expired: nothing more to do")
	}
	return err
}

// rename sets a registered player's name.
func (lb Lobby) rename(ctx context.Context, in *store.Inbound, m parser.Mail, from, name string) error {
	pid, err := lb.registered(ctx, from)
	if err != nil {
		return err
	}
	if name, err = lb.Core.CheckName(ctx, name, pid); err != nil {
		return err
	}
	reply, err := lb.Notice(ctx, from, lang.T("your mail"), lang.T("Your name is now %s: the other players see it in every game.", name), m)
	if err != nil {
		return err
	}
	in.Detail = "name: " + name
	_, err = lb.Store.ChangeAccount(ctx, store.AccountChange{PlayerID: pid, Name: name, Inbound: in, Mails: []store.OutMail{reply}})
	return err
}

// registered is the ID of the registered player who owns address, or a
// refusal telling them to sign up.
func (lb Lobby) registered(ctx context.Context, address string) (int64, error) {
	pid, ok, err := lb.Store.Registered(ctx, address)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, engine.Refuse("%s is not signed up here: write signup YOUR NAME to %s first", address, lb.Core.Address())
	}
	return pid, nil
}

// alias asks that address count as the sender's too: a confirmation to it.
func (lb Lobby) alias(ctx context.Context, in *store.Inbound, m parser.Mail, from string, args []string) error {
	pid, err := lb.registered(ctx, from)
	if err != nil {
		return err
	}
	if len(args) == 0 {
		return engine.Refuse("write the address after alias, as in alias ann@work.example")
	}
	a, err := mail.ParseAddress(strings.Join(args, " "))
	if err != nil || !strings.Contains(a.Address, "@") {
		return engine.Refuse("%q is not a mail address: write one, as in alias ann@work.example", strings.Join(args, " "))
	}
	address := parser.CanonicalAddress(a.Address)
	if lb.Core.OwnAddress(address) {
		return engine.Refuse("%s is this server's own address", address)
	}
	if other, err := lb.Store.PlayerID(ctx, address); err == nil {
		if other == pid {
			return engine.Refuse("%s is one of your addresses already", address)
		}
		return engine.Refuse("%s is another player's address here: it cannot be yours too", address)
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	p, err := lb.Store.Player(ctx, pid)
	if err != nil {
		return err
	}
	told, err := lb.Notice(ctx, from, lang.T("your mail"), lang.T("A confirmation went to %s: reply to it from there, and mail from %s will count as yours.", address, address), m)
	if err != nil {
		return err
	}
	text := lang.T("%s, who plays at this game server from %s, asked that %s count as their address too: mail from it would act in their games.\n\nIf it is yours, reply to this mail: your reply needs no text. Or write to %s the line\n\n    confirm %%s\n\nIf not, ignore this mail: nothing happens without your reply.", core.Label(p), p.Email, address, lb.Core.Address())
	in.Detail = "alias: confirmation sent to " + address
	return lb.askConfirmation(ctx, in, parser.Mail{}, store.Confirmation{Kind: store.ConfirmAlias, Address: address, PlayerID: pid}, lang.T("pbem: confirm your address"), text, told)
}

// confirmAlias adds the address of c to its player.
func (lb Lobby) confirmAlias(ctx context.Context, in *store.Inbound, m parser.Mail, hash string, c store.Confirmation) error {
	if other, err := lb.Store.PlayerID(ctx, c.Address); err == nil {
		return engine.Refuse("%s became a player's address meanwhile (player %d): it cannot be another's too", c.Address, other)
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	p, err := lb.Store.Player(ctx, c.PlayerID)
	if err != nil {
		return err
	}
	reply, err := lb.Notice(ctx, c.Address, lang.T("your mail"), lang.T("%s is now an address of %s's: mail from it acts in your games as mail from %s does.", c.Address, core.Label(p), p.Email), m)
	if err != nil {
		return err
	}
	_, err = lb.Store.ChangeAccount(ctx, store.AccountChange{PlayerID: c.PlayerID, Alias: c.Address, Token: hash, Inbound: in, Mails: []store.OutMail{reply}})
	return usedOrExpired(err)
}
