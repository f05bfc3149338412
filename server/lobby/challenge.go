package lobby

import (
	"pbem/server/core"

	"context"
	"errors"
	"strconv"
	"strings"

	"pbem/archive"
	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/store"
)

// A challenge is a game a player starts by mail, waiting for its seats:
// "new GAME with ADDRESS|NAME ..." invites players, each answering accept
// or decline; "new GAME open N" leaves N seats for anyone to join; "new
// GAME with computer" starts at once against computer seats. The game
// starts when every seat is taken and accepted; a decline ends the
// challenge, so does its expiry (Config.Lobby.ChallengeExpiry), everyone
// seated being told. Work on one challenge is serialised by s.lock under
// the challenge's ID negated, apart from the games' IDs.

// challengeRequest is a "new" command read.
type challengeRequest struct {
	kind     engine.Game
	invitees []string // addresses
	open     int
	bots     int
	level    engine.Level // the computer seats'
	options  engine.Options
}

// readNew reads the arguments of "new": GAME, then "with" and the
// players (addresses, registered players' names, computer or bot), or
// "open N", then options KEY=VALUE.
func (lb Lobby) readNew(ctx context.Context, creator string, args []string) (challengeRequest, error) {
	usage := "write new GAME with ADDRESS, new GAME open 1 or new GAME with computer, GAME one of " + strings.Join(lb.Games.IDs(), ", ")
	if len(args) < 2 {
		return challengeRequest{}, engine.Refuse("%s", usage)
	}
	kind, err := lb.Games.Lookup(strings.ToLower(args[0]))
	if err != nil {
		if near, ok := parser.Nearest(args[0], lb.Games.IDs(), 2); ok {
			return challengeRequest{}, engine.Refuse("there is no game %s here: did you mean new %s %s?", args[0], near, strings.Join(args[1:], " "))
		}
		return challengeRequest{}, engine.Refuse("there is no game %s here: %s", args[0], usage)
	}
	r := challengeRequest{kind: kind, options: engine.Options{}}
	rest := args[2:]
	switch strings.ToLower(args[1]) {
	case "open":
		if len(rest) == 0 {
			return r, engine.Refuse("new %s open needs how many seats to leave open, as new %s open 1", kind.ID(), kind.ID())
		}
		n, err := strconv.Atoi(rest[0])
		if err != nil || n < 1 {
			return r, engine.Refuse("%q is not a number of open seats: write new %s open 1", rest[0], kind.ID())
		}
		r.open, rest = n, rest[1:]
	case "with":
	default:
		return r, engine.Refuse("%s", usage)
	}
	for _, word := range rest {
		if key, value, ok := strings.Cut(word, "="); ok {
			if key == "" {
				return r, engine.Refuse("%q is not an option: write KEY=VALUE", word)
			}
			r.options[strings.ToLower(key)] = value
			continue
		}
		if len(r.options) > 0 || r.open > 0 {
			return r, engine.Refuse("%q comes after the options: the players come first, after with", word)
		}
		switch w := strings.ToLower(strings.Trim(word, ",")); {
		case w == "computer" || w == "bot":
			r.bots++
		case w == "and" || w == "":
		case strings.Contains(w, "@"):
			r.invitees = append(r.invitees, parser.CanonicalAddress(strings.Trim(word, "<>,")))
		default:
			p, err := core.PlayerNamed(ctx, lb.Store, strings.Trim(word, ","))
			if err != nil {
				return r, err
			}
			r.invitees = append(r.invitees, p.Email)
		}
	}
	if err := r.readLevel(kind); err != nil {
		return r, err
	}
	switch {
	case r.open == 0 && r.bots == 0 && len(r.invitees) == 0:
		return r, engine.Refuse("new %s with names nobody: %s", kind.ID(), usage)
	case r.bots > 0 && len(r.invitees) > 0:
		return r, engine.Refuse("a game against the computer has only you and computer seats: write new %s with computer", kind.ID())
	}
	for i, a := range r.invitees {
		if parser.SameAddress(a, creator) {
			return r, engine.Refuse("you invited yourself: you have the first seat already")
		}
		for _, b := range r.invitees[:i] {
			if parser.SameAddress(a, b) {
				return r, engine.Refuse("%s is invited twice: a player takes one seat", a)
			}
		}
	}
	n := 1 + len(r.invitees) + r.open + r.bots
	if lo, hi := kind.Seats(); n < lo || n > hi {
		return r, engine.Refuse("%s is played by %d to %d players, and this game would have %d", kind.Name(), lo, hi, n)
	}
	return r, nil
}

// readLevel takes the computer's level out of r's options: level=easy
// (or niveau=facile), for a game against the computer alone.
func (r *challengeRequest) readLevel(kind engine.Game) error {
	written, key := "", ""
	for _, k := range []string{"level", "niveau"} {
		if v, ok := r.options[k]; ok {
			written, key = v, k
			delete(r.options, k)
		}
	}
	if key == "" {
		r.level = engine.LevelNormal
		return nil
	}
	if r.bots == 0 {
		return engine.Refuse("the level %s is the computer's, for a game against it: write new %s with computer %s=%s", written, kind.ID(), key, written)
	}
	level, err := engine.ParseLevel(written)
	if err != nil {
		return err
	}
	r.level = level
	return nil
}

// newFromMail does "new" for registered player pid.
func (lb Lobby) newFromMail(ctx context.Context, in store.Inbound, m parser.Mail, pid int64, args []string) error {
	me, err := lb.Store.Player(ctx, pid)
	if err != nil {
		return err
	}
	r, err := lb.readNew(ctx, me.Email, args)
	if err != nil {
		return err
	}
	n := 1 + len(r.invitees) + r.open + r.bots
	if err := core.RefuseOwnOptions(r.options); err != nil {
		return err
	}
	set, err := core.ReadSettings(r.options, r.kind)
	if err != nil {
		return err
	}
	if err := core.CheckReplace(set, n); err != nil {
		return err
	}
	seed, _, err := core.PlayableSeed(r.kind, core.EngineOptions(r.options), n, core.RandomSeed)
	if err != nil {
		return err
	}
	if err := lb.MayStart(ctx, pid); err != nil {
		return err
	}
	if r.bots > 0 {
		return lb.againstComputer(ctx, in, me, r, seed)
	}
	return lb.challenge(ctx, in, m, me, r, seed)
}

// againstComputer starts the game of me against r.bots computer seats at
// once, recorded with the mail that asked for it; the invitation is the
// answer.
func (lb Lobby) againstComputer(ctx context.Context, in store.Inbound, me store.Player, r challengeRequest, seed uint64) error {
	req := core.NewGame{Game: r.kind.ID(), Players: []core.Player{{Email: me.Email, Name: me.Name}}, Options: r.options, Seed: &seed, CreatedBy: me.ID}
	tag := lb.Core.Chosen(me.Lang)
	for i := 0; i < r.bots; i++ {
		// The computer is named in its opponent's language: a French
		// player plays "Ordinateur".
		req.Bots = append(req.Bots, lang.T("Computer").In(tag))
		if r.bots > 1 {
			req.Bots[i] = lang.T("Computer %d", i+1).In(tag)
		}
		if r.level != engine.LevelNormal {
			req.Bots[i] += ":" + string(r.level)
		}
	}
	in.Outcome, in.Detail = store.Applied, "new game against the computer"
	req.Inbound = &in
	_, err := lb.Core.Create(ctx, req)
	return err
}

// seatNames are the names of a challenge's seats, for its mails: a
// player's name or address, "an open seat" in its reader's language.
func seatNames(c store.Challenge) []lang.Msg {
	var out []lang.Msg
	for _, seat := range c.Seats {
		switch {
		case seat.Bot != "":
			label, _, _ := strings.Cut(seat.Bot, ":")
			out = append(out, lang.Text(label))
		case seat.Open():
			out = append(out, lang.T("an open seat"))
		case seat.Name != "":
			out = append(out, lang.Text(seat.Name))
		default:
			out = append(out, lang.Text(seat.Address))
		}
	}
	return out
}

// seatsText is a challenge's seats as its mails list them: "Ann, Bob, an
// open seat".
func seatsText(c store.Challenge) lang.Msg { return commaList(seatNames(c)) }

// commaList is ms joined by commas, in its reader's language.
func commaList(ms []lang.Msg) lang.Msg { return lang.T("%s", core.Joined{Msgs: ms, Sep: ", "}) }

// optionsText is a challenge's options as a mail says them.
func optionsText(opts map[string]string) lang.Msg {
	if len(opts) == 0 {
		return lang.T("none")
	}
	return lang.Text(strings.Join(archive.OptionPairs(opts), " "))
}

// pendingChallenge loads challenge id; a refusal that says so when it is not
// there or not pending.
func (lb Lobby) pendingChallenge(ctx context.Context, id int64) (store.Challenge, error) {
	c, err := lb.Store.Challenge(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return c, engine.Refuse("there is no challenge %d waiting for players: games lists yours, games open those anyone may join", id)
	}
	if err != nil {
		return c, err
	}
	if c.Status != store.ChallengePending {
		return c, engine.Refuse("challenge %d waits for no one any more: it %s", id, challengeEnd(c))
	}
	return c, nil
}

// challengeEnd says how a challenge ended.
func challengeEnd(c store.Challenge) lang.Msg {
	switch c.Status {
	case store.ChallengeStarted:
		return lang.T("started as game %d", c.GameID)
	case store.ChallengeDeclined:
		return lang.T("was declined")
	case store.ChallengeExpired:
		return lang.T("expired")
	}
	return lang.T("was cancelled")
}

// challengeStatus is a challenge's end as a subject says it: "expired",
// "cancelled".
func challengeStatus(status string) lang.Msg {
	switch status {
	case store.ChallengeExpired:
		return lang.T("expired")
	case store.ChallengeCancelled:
		return lang.T("cancelled")
	case store.ChallengeDeclined:
		return lang.T("declined")
	}
	return lang.Text(status)
}
