package tournament

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/pairing"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// newWords are the keywords of tournament new, English and French.
var newWords = map[string]string{
	"with": "with", "avec": "with", "open": "open", "ouvert": "open", "ouverte": "open",
	"until": "until", "jusqu'au": "until", "jusqua": "until", "jusquau": "until",
	"computer": "computer", "ordinateur": "computer",
}

// ReadNew reads the words after tournament new: GAME FORMAT [ROUNDS]
// [seats=N] [KEY=VALUE]… [until YYYY-MM-DD] then with ADDRESS… (computer
// or computer:LEVEL among them for a computer seat) or open N. The date
// closes the sign-up at the end of that day, UTC. A word after with that
// is no address is a registered player's name: a Person with that Name
// and no Email, which newByMail resolves (ReadNew reads no store).
func ReadNew(args []string) (Request, error) {
	if len(args) < 2 {
		return Request{}, engine.Refuse("write tournament new GAME FORMAT, as tournament new chiffres swiss 3 open 8")
	}
	req := Request{Game: strings.ToLower(args[0]), Format: args[1], Options: map[string]string{}}
	f, err := ReadFormat(args[1])
	if err != nil {
		return req, err
	}
	rest := args[2:]
	if f == pairing.Swiss && len(rest) > 0 {
		if n, err := strconv.Atoi(rest[0]); err == nil {
			req.Rounds, rest = n, rest[1:]
		}
	}
	mode := ""
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		key := newWords[strings.ToLower(strings.TrimSuffix(parser.LobbyWord(w), ","))]
		if key == "" {
			key = newWords[strings.ToLower(w)]
		}
		switch {
		case key == "with":
			mode = "with"
		case key == "open" && i+1 < len(rest):
			n, err := strconv.Atoi(rest[i+1])
			if err != nil || n < 2 {
				return req, engine.Refuse("open takes the number of entrants in all, as open 8")
			}
			req.Open, mode = n, ""
			i++
		case key == "until" && i+1 < len(rest):
			at, ok := ReadUntil(rest[i+1])
			if !ok {
				return req, engine.Refuse("until takes a date, as until 2026-12-24")
			}
			req.Until = at
			i++
		case mode == "with" && parser.LobbyWord(w) == "and":
		case mode == "with" && isComputer(w):
			_, level, _ := strings.Cut(w, ":")
			req.Bots = append(req.Bots, level)
		case mode == "with" && strings.Contains(w, "@"):
			req.People = append(req.People, Person{Email: strings.Trim(w, ",;<>")})
		case mode == "with":
			req.People = append(req.People, Person{Name: strings.Trim(w, ",;")})
		case strings.Contains(w, "="):
			k, v, _ := strings.Cut(w, "=")
			k = strings.ToLower(k)
			if k == "seats" {
				n, err := strconv.Atoi(v)
				if err != nil {
					return req, engine.Refuse("seats takes a number, as seats=3")
				}
				req.Seats = n
				continue
			}
			req.Options[k] = v
		default:
			return req, engine.Refuse("%q is not understood in tournament new: write tournament new GAME FORMAT [ROUNDS] [KEY=VALUE] [until DATE] with ADDRESS or NAME… or open N", w)
		}
	}
	if req.Open == 0 && len(req.People) == 0 && len(req.Bots) == 0 {
		return req, engine.Refuse("name the entrants (with ADDRESS or NAME…) or how many may join (open N)")
	}
	if req.Open > MaxByMail || 1+len(req.People)+len(req.Bots) > MaxByMail {
		return req, engine.Refuse("a tournament made by mail takes at most %d entrants: the server's operator may make a bigger one", MaxByMail)
	}
	return req, nil
}

// MaxByMail is the most entrants a tournament made by mail may have, its
// maker included: a club's tournament, and a bound on the invitations one
// mail sends.
const MaxByMail = 64

// isComputer reports whether w names a computer seat, with its level or
// not: computer, ordinateur:facile.
func isComputer(w string) bool {
	word, _, _ := strings.Cut(w, ":")
	return parser.LobbyWord(word) == "computer"
}

// newByMail makes the tournament that player pid asks for in m: they
// enter it at once, the people they name are invited by mail and join
// with tournament join. The tournament, the answer and the invitations
// are stored in one transaction: what the mails need is read before it.
func (ts Tournaments) newByMail(ctx context.Context, in store.Inbound, m parser.Mail, args []string, pid int64, p Policy) error {
	req, err := ReadNew(args)
	if err != nil {
		return err
	}
	if n, err := ts.Store.TournamentsCreatedBy(ctx, pid); err != nil {
		return err
	} else if n >= p.PerPlayer {
		return engine.Refuse("you have made %d tournaments that are signing up or under way, the most this server allows at once", n)
	}
	me, err := ts.Core.PlayerOf(ctx, m.From)
	if err != nil {
		return err
	}
	for i, p := range req.People {
		if p.Email == "" { // a name: the registered player of that name
			named, err := core.PlayerNamed(ctx, ts.Store, p.Name)
			if err != nil {
				return err
			}
			p = Person{Email: named.Email, Name: named.Name}
		} else if p, err = ts.invitee(ctx, p.Email); err != nil {
			return err
		}
		p.Joined = false
		req.People[i] = p
	}
	req.People = append([]Person{{Email: me.Email, Name: me.Name, Joined: true}}, req.People...)
	req.Creator = pid
	nt, err := ts.checked(ctx, req)
	if err != nil {
		return err
	}
	t, err := ts.preview(ctx, nt)
	if err != nil {
		return err
	}
	answer, err := ts.Core.NoticeLater(ctx, m.From)
	if err != nil {
		return err
	}
	var invites []core.NoticeOf
	for _, e := range t.Entrants {
		if e.Joined {
			continue
		}
		invite, err := ts.Core.NoticeLater(ctx, e.Email)
		if err != nil {
			return err
		}
		invites = append(invites, invite)
	}
	in.Outcome, in.Detail = store.Applied, "tournament new"
	nt.Inbound = &in
	nt.Mails = func(id int64) ([]store.OutMail, error) {
		t.ID = id
		out, err := answer(lang.T("tournament %d", id), lang.T("You made tournament %d.\n\n%s", id, Described{T: t, Game: ts.gameName(t)}), m)
		if err != nil {
			return nil, err
		}
		mails := []store.OutMail{out}
		for _, invite := range invites {
			inv, err := invite(lang.T("%s invites you to tournament %d", me.Name, id),
				lang.T("%s invites you to tournament %d: %s, %s. To take part, write tournament join %d to %s (you need to be signed up: signup YOUR NAME first). Write tournament %d to see it.",
					me.Name, id, ts.gameName(t), FormatMsg(t), id, ts.Core.Address(), id), parser.Mail{})
			if err != nil {
				return nil, err
			}
			mails = append(mails, inv)
		}
		return mails, nil
	}
	id, err := ts.Store.CreateTournament(ctx, nt)
	if err != nil {
		return err
	}
	_, err = ts.Step(ctx, id, ts.Core.Now())
	return err
}

// preview is nt as the store will have it once created, but its number:
// its entrants with the names the players chose, those who joined (the
// computer seats too) before those invited, as Store.Tournament orders
// them.
func (ts Tournaments) preview(ctx context.Context, nt store.NewTournament) (store.Tournament, error) {
	t := store.Tournament{Game: nt.Game, Format: nt.Format, Rounds: nt.Rounds, Seats: nt.Seats, Options: nt.Options,
		Status: store.TournamentSignup, ClosesAt: nt.ClosesAt, MaxEntrants: nt.MaxEntrants, CreatedBy: nt.CreatedBy}
	for _, e := range nt.Entrants {
		pe := store.Entrant{Email: e.Email, Name: e.Name, Bot: e.Bot, BotLevel: e.BotLevel, Joined: e.Joined || e.Bot != ""}
		if e.Bot == "" && pe.Name == "" {
			p, err := ts.Store.PlayerByAddress(ctx, e.Email)
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				return t, err
			}
			pe.Name = p.Name
		}
		t.Entrants = append(t.Entrants, pe)
	}
	slices.SortStableFunc(t.Entrants, func(a, b store.Entrant) int {
		switch {
		case a.Joined && !b.Joined:
			return -1
		case b.Joined && !a.Joined:
			return 1
		}
		return 0
	})
	return t, nil
}

// invitee is the player signed up under address, one of their aliases
// included, as an entrant under their own address and name; a refusal
// for any other address: only a registered player may join a tournament,
// and an invitation to any other address would let one mail send the
// server's mail to strangers.
func (ts Tournaments) invitee(ctx context.Context, address string) (Person, error) {
	pid, registered, err := ts.Store.Registered(ctx, parser.CanonicalAddress(address))
	if err != nil {
		return Person{}, err
	}
	if !registered {
		return Person{}, engine.Refuse("no player signed up here under %s: invite signed-up players, by name or address, or make the tournament open N and tell the others to sign up and join", address)
	}
	p, err := ts.Store.Player(ctx, pid)
	if err != nil {
		return Person{}, err
	}
	return Person{Email: p.Email, Name: p.Name}, nil
}

// ReadUntil reads when a sign-up closes: a day (YYYY-MM-DD), closing at
// its end, UTC; or an instant (RFC 3339). ok is false for anything else.
func ReadUntil(v string) (at time.Time, ok bool) {
	if day, err := time.Parse("2006-01-02", v); err == nil {
		return day.Add(24 * time.Hour), true
	}
	at, err := time.Parse(time.RFC3339, v)
	return at, err == nil
}
