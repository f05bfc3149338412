package server

import (
	"pbem/server/core"

	"context"
	"errors"

	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
)

// The lobby acts at once only on a mail that proves its sender reads the
// mailbox its From names (vouched): otherwise anyone could stop, rename,
// alias, enrol or sign up another person by writing their address in a
// From line. Every mail the server sends outside a game's thread carries
// a token of its recipient's mailbox (mailer.AddressToken) in its reply
// address and Message-ID, so that a reply to it is proof; so is the
// operator's mail server vouching for the sender (senderVouched). A mail
// without either is confirmed first by a reply from that mailbox
// (lobby_commands.go).

// tokenGenOf is the token generation of the player who owns address, 0
// for an address of no player's.
func (c *composer) tokenGenOf(ctx context.Context, address string) (int, error) {
	p, err := c.store.PlayerByAddress(ctx, parser.CanonicalAddress(address))
	if errors.Is(err, store.ErrNotFound) {
		return 0, nil
	}
	return p.TokenGen, err
}

// lobbyReply is the reply address and a fresh Message-ID of a lobby mail
// to address, whose player (if any) is at token generation gen: each
// carries the address's lobby token.
func (c *composer) lobbyReply(ctx context.Context, address string, gen int) (replyTo, messageID string, err error) {
	key, err := c.keys.get(ctx, c.store, core.LobbyKeyName)
	if err != nil {
		return "", "", err
	}
	token := mailer.AddressToken(key, parser.MailboxKey(address), gen)
	replyTo, err = mailer.LobbyAddress(c.cfg.Address, token)
	return replyTo, mailer.LobbyID(token, c.domain()), err
}

// vouched reports whether m proves that its sender reads the mailbox of
// its From: it answers a lobby mail sent there, carrying that mailbox's
// current token (in a recipient's address or in References), or the
// operator's mail server vouches for its sender.
func (pp *people) vouched(ctx context.Context, m parser.Mail) (bool, error) {
	if pp.intake.senderVouched(m) {
		return true, nil
	}
	var tokens []string
	for _, addr := range append(append([]string{}, m.To...), m.Cc...) {
		if token, ok := mailer.ParseLobbyAddress(addr); ok {
			tokens = append(tokens, token)
		}
	}
	for _, ref := range append([]string{m.InReplyTo}, m.References...) {
		if token, ok := mailer.ParseLobbyID(ref); ok {
			tokens = append(tokens, token)
		}
	}
	if len(tokens) == 0 {
		return false, nil
	}
	tokens = tokens[:min(len(tokens), maxReferences)] // a hostile list stays short
	key, err := pp.mail.keys.get(ctx, pp.store, core.LobbyKeyName)
	if err != nil {
		return false, err
	}
	gen, err := pp.mail.tokenGenOf(ctx, m.From)
	if err != nil {
		return false, err
	}
	mailbox := parser.MailboxKey(m.From)
	for _, token := range tokens {
		if mailer.ValidAddressToken(key, mailbox, gen, token) {
			return true, nil
		}
	}
	return false, nil
}
