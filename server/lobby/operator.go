package lobby

import (
	"context"
	"errors"
	"fmt"
	"net/mail"

	"pbem/engine"
	"pbem/parser"
	"pbem/store"
)

// The operator's side of the lobby's accounts: what a player does by mail
// with a confirmation, the operator does at once, on the command line
// (pbem player register|rename|signoff), whatever the sign-up policy.

// RegisterPlayer registers address as a player's, named name when not
// empty, without a confirmation; a player an operator's game knows keeps
// their games. It returns the player's ID.
func (lb Lobby) RegisterPlayer(ctx context.Context, address, name string) (int64, error) {
	a, err := mail.ParseAddress(address)
	if err != nil {
		return 0, engine.Refuse("%q is not a mail address", address)
	}
	address = parser.CanonicalAddress(a.Address)
	pid, err := lb.Store.PlayerID(ctx, address)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return 0, err
	}
	if name != "" {
		if name, err = lb.Core.CheckName(ctx, name, pid); err != nil {
			return 0, err
		}
	}
	return lb.Store.ChangeAccount(ctx, store.AccountChange{PlayerID: pid, Email: address, Name: name, Register: true})
}

// RenamePlayer sets the name of the player who owns address.
func (lb Lobby) RenamePlayer(ctx context.Context, address, name string) error {
	p, err := lb.Core.PlayerOf(ctx, address)
	if err != nil {
		return err
	}
	if name, err = lb.Core.CheckName(ctx, name, p.ID); err != nil {
		return err
	}
	_, err = lb.Store.ChangeAccount(ctx, store.AccountChange{PlayerID: p.ID, Name: name})
	return err
}

// SignOffPlayer signs the player who owns address off, resigning their
// running games when resign is set (else they go on), and returns what
// was done to them, in words.
func (lb Lobby) SignOffPlayer(ctx context.Context, address string, resign bool) (string, error) {
	p, err := lb.Core.PlayerOf(ctx, address)
	if err != nil {
		return "", err
	}
	done, err := lb.signOff(ctx, p.ID, resign, "", nil, parser.Mail{})
	if err != nil {
		return "", fmt.Errorf("sign off %s: %w", address, err)
	}
	return done, nil
}
